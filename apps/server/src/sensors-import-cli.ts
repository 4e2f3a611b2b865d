// `npm run sensors:import -- <file.json>`: adds the sensors of a JSON file (an array of
// `{ id, name, type, city, location, lat, lng, unit?, status?, metadata? }`, each id once) to the
// registry of the configured database, keeping those already there, and exits. A city brings its
// devices in so; `POST /api/sensors` and the Sensors screen do the same without shell access.
import { readFile } from 'node:fs/promises';
import { sensorRegistrationListSchema } from '@smart-city/shared';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { prepareDatabase } from './database';
import { createDomainEvents } from './live/domain-events';
import { createSensorsService } from './features/sensors/sensors.service';

const file = process.argv[2];
try {
  if (!file) throw new ConfigError('Usage: npm run sensors:import -- <sensors.json>');
  const parsed = sensorRegistrationListSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${file}: ${issue.path.join('.')} ${issue.message}`);
  }
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const handle = await prepareDatabase(config, logger);
  try {
    // Only the registry is touched: running servers see the new sensors on their next reads.
    const sensors = createSensorsService({
      db: handle.db,
      events: createDomainEvents((err) => logger.error({ err }, 'event listener failed')),
      now: () => new Date(),
    });
    const added = await sensors.register(parsed.data);
    process.stdout.write(
      `Added ${added.toLocaleString('en')} of ${parsed.data.length.toLocaleString('en')} sensors.\n`,
    );
  } finally {
    await handle.close();
  }
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
