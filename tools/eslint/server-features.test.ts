import { describe, expect, it } from 'vitest';
import { lintWith } from './lint-with';

const lint = (file: string, code: string) => lintWith('server-features', file, code);

const NOT_SERVICE = (from: string, to: string) =>
  `Feature '${from}' may use feature '${to}' only through its ${to}.service (types included); move the shared piece into that service or down into src/lib.`;
const LOWER = (from: string) =>
  `src/${from}/ must not import from src/features/; pass what it needs in from the wiring files at src/*.ts or move the shared piece down.`;

describe('boundaries/server-features', () => {
  const STATS = 'apps/server/src/features/stats/stats.service.ts';

  it("stops a feature reaching past another feature's service", () => {
    expect(lint(STATS, "import { countRows } from '../sensors/sensors.repository';")).toEqual([
      NOT_SERVICE('stats', 'sensors'),
    ]);
    expect(lint(STATS, "import type { SensorRow } from '../sensors/sensors.repository';")).toEqual([
      NOT_SERVICE('stats', 'sensors'),
    ]);
    expect(lint(STATS, "export { sensorsLive } from '../sensors/sensors.live';")).toEqual([
      NOT_SERVICE('stats', 'sensors'),
    ]);
    expect(
      lint(
        'apps/server/src/features/alerts/alerts.test.ts',
        "import { insertAlert } from '../readings/readings.repository';",
      ),
    ).toEqual([NOT_SERVICE('alerts', 'readings')]);
  });

  it('stops auth, http, live, lib and db importing any feature', () => {
    for (const layer of ['auth', 'http', 'live', 'lib', 'db']) {
      expect(
        lint(`apps/server/src/${layer}/x.ts`, "import { s } from '../features/x/x.service';"),
      ).toEqual([LOWER(layer)]);
    }
    expect(
      lint(
        'apps/server/src/auth/account-hooks.ts',
        "import type { P } from '../features/profile/profile.repository';",
      ),
    ).toEqual([LOWER('auth')]);
  });

  it("allows another feature's service, the feature's own files and the layers below", () => {
    expect(
      lint(
        STATS,
        [
          "import type { AlertsService } from '../alerts/alerts.service';",
          "import { createSensorsService } from '../sensors/sensors.service.ts';",
          "import { statsRows } from './stats.repository';",
          "import { HttpError } from '../../http/errors';",
          "import type { Database } from '../../db/schema';",
          "import { z } from 'zod';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets the wiring files and the test helpers import any feature file', () => {
    const code = "import { r } from './features/sensors/sensors.repository';";
    for (const file of ['app.ts', 'services.ts', 'jobs.ts', 'live-routes.ts', 'server.ts']) {
      expect(lint(`apps/server/src/${file}`, code)).toEqual([]);
    }
    expect(
      lint(
        'apps/server/src/test/test-app.ts',
        "import { r } from '../features/sensors/sensors.repository';",
      ),
    ).toEqual([]);
  });
});
