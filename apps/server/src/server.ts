import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Logger } from 'pino';
import { createApp } from './app';
import { createAppAuth } from './auth/app-auth';
import { resolveAuthSecret } from './auth/auth-secret';
import { prepareDemoAccounts } from './auth/demo-accounts';
import { createMailSender } from './auth/mailer';
import type { Config } from './config';
import { prepareDatabase } from './database';
import { startPipelineJobs } from './features/ingest/pipeline-jobs';
import { createDomainEvents } from './live/domain-events';
import { memoryLiveAdapter, postgresLiveAdapter } from './live/live-adapter';
import { createLiveGateway, type LiveGateway } from './live/live-gateway';

const packageJson = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

export type RunningServer = {
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  stop: () => Promise<void>;
};

/** Starts the whole platform on the configured port. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const startedAt = Date.now();
  const database = await prepareDatabase(config, logger);
  // Known once the port is bound (PORT=0 picks one); better-auth asks on each request.
  let listeningOrigins: string[] = [];

  let server: ServerType;
  let gateway: LiveGateway;
  const events = createDomainEvents((err, name) =>
    logger.error({ err, event: name }, 'a domain event listener failed'),
  );
  try {
    const auth = createAppAuth({
      db: database.db,
      logger,
      secret: await resolveAuthSecret(config.authSecret, database.db),
      publicUrl: config.publicUrl,
      listeningOrigins: () => listeningOrigins,
      mailer: createMailSender({ smtpUrl: config.smtpUrl, from: config.smtpFrom, logger }),
      demoAccounts: config.demoAccounts,
      demoPassword: config.demoPassword,
      events,
    });
    await prepareDemoAccounts({ auth: auth.auth, db: database.db, logger }, auth.demo);
    const app = createApp({
      db: database.db,
      logger,
      version: packageJson.version,
      startedAt,
      webDistDir: config.webDistDir,
      auth,
      events,
      clientConfig: {
        mapTileUrl: config.mapTileUrl,
        mapTileAttribution: config.mapTileAttribution,
      },
    });
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
        resolve(s),
      );
      s.once('error', reject);
    });
    try {
      const adapter =
        config.liveAdapter === 'postgres' && config.databaseUrl
          ? await postgresLiveAdapter({ databaseUrl: config.databaseUrl, logger })
          : memoryLiveAdapter();
      gateway = createLiveGateway({
        httpServer: server,
        events,
        resolveCaller: auth.resolveCaller,
        logger,
        adapter,
      });
    } catch (err) {
      server.close();
      throw err;
    }
  } catch (err) {
    await database.close();
    throw err;
  }

  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  listeningOrigins = [url, `http://127.0.0.1:${port}`];
  logger.info(
    { url, database: database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'postgresql' },
    'smart city server ready',
  );
  const pipelineJobs = startPipelineJobs({
    db: database.db,
    events,
    logger,
    simulator: config.simulator,
    simulatorBackfillDays: config.simulatorBackfillDays,
    mqttUrl: config.mqttUrl,
    retentionRawDays: config.retentionRawDays,
  });

  let stopping: Promise<void> | undefined;
  async function stop() {
    const closed = new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive sockets would otherwise hold close() open until they time out.
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    // Live connections are upgraded sockets that close() waits for; the gateway ends them.
    await gateway.close();
    await closed;
    await pipelineJobs.stop();
    await database.close();
  }
  return { url, stop: () => (stopping ??= stop()) };
}
