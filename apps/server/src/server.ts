import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { DatabaseHandle } from './db/client';
import type { Logger } from 'pino';
import { createApp } from './app';
import { createAppAuth } from './auth/app-auth';
import { resolveAuthSecret } from './auth/auth-secret';
import { prepareDemoAccounts } from './auth/demo-accounts';
import { createMailSender } from './auth/mailer';
import {
  HEARTBEAT_INTERVAL_MS,
  joinProcesses,
  sharedSettingsOf,
  type Membership,
} from './features/cluster/shared-settings';
import { loadLedgerKey } from './features/ledger/ledger-key';
import type { Config } from './config';
import { prepareDatabase } from './database';
import { startJobs } from './jobs';
import { createLifecycle } from './lib/lifecycle';
import { startPeriodicJob } from './lib/periodic-job';
import { createSmtpTransport, type MailTransport } from './lib/smtp-transport';
import { createDomainEvents } from './live/domain-events';
import { memoryLiveAdapter, postgresLiveAdapter } from './live/live-adapter';
import { redisLiveAdapter } from './live/redis-live-adapter';
import { createLiveGateway, type LiveGateway } from './live/live-gateway';
import { LIVE_ROUTES } from './live-routes';
import { createMetrics } from './metrics/metrics';
import { photoStoreFor } from './features/reports/photo-store';
import { createServices, type Services } from './services';
import { seedStarterContent } from './starter-content';
import { createStartupApp } from './startup-app';

const packageJson = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

export type RunningServer = {
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  stop: () => Promise<void>;
};

type FetchHandler = (request: Request, env: object) => Response | Promise<Response>;

/** Binds the port; requests go to whatever `handler()` is at the time they arrive. */
function listen(config: Config, handler: () => FetchHandler): Promise<ServerType> {
  return new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch: (request, env) => handler()(request, env),
        port: config.port,
        hostname: config.host,
      },
      () => resolve(s),
    );
    s.once('error', reject);
  });
}

/**
 * Starts the whole platform on the configured port. The port answers from the start (liveness
 * yes, readiness no) while the database is opened, migrated and seeded; then the full app takes
 * over and the process is ready.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const startedAt = Date.now();
  const version = packageJson.version;
  const metrics = createMetrics();
  const lifecycle = createLifecycle();
  let handler: FetchHandler = createStartupApp({ lifecycle, version, startedAt }).fetch;
  const server = await listen(config, () => handler);
  // Known once the port is bound (PORT=0 picks one); better-auth asks on each request.
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const listeningOrigins = [url, `http://127.0.0.1:${port}`];

  lifecycle.enter('migrating');
  let database: DatabaseHandle;
  try {
    database = await prepareDatabase(config, logger, (ms, failed) =>
      metrics.databaseQueryDuration.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000),
    );
  } catch (err) {
    server.close();
    throw err;
  }

  let gateway: LiveGateway;
  let services: Services;
  let mailTransport: MailTransport | null = null;
  // Only PostgreSQL can be shared; the embedded database belongs to one process.
  let membership: Membership | null = null;
  let heartbeat: { stop: () => void } | null = null;
  const events = createDomainEvents((err, name) =>
    logger.error({ err, event: name }, 'a domain event listener failed'),
  );
  try {
    if (database.kind === 'postgres') {
      membership = await joinProcesses({
        db: database.db,
        settings: sharedSettingsOf(config),
        self: { pid: process.pid, port, ledgerKeyFile: config.ledgerKeyFile },
        logger,
      });
      // From now on, so that a start slower than the silence allowed still counts as running.
      heartbeat = startPeriodicJob({
        name: 'process heartbeat',
        intervalMs: HEARTBEAT_INTERVAL_MS,
        logger,
        work: membership.heartbeat,
      });
    }
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
    const ledgerKey = await loadLedgerKey(
      database.db,
      config.ledgerKeyFile,
      new Date(),
      membership?.others.map((other) => ({ host: other.host, file: other.ledgerKeyFile })),
    );
    mailTransport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.smtpFrom) : null;
    services = createServices({
      db: database.db,
      events,
      logger,
      metrics,
      version,
      startedAt,
      retention: {
        rawDays: config.retentionRawDays,
        hourlyDays: config.retentionHourlyDays,
        dailyDays: config.retentionDailyDays,
      },
      sensorOfflineAfterS: config.sensorOfflineAfterS,
      alertOnDelay: config.alertOnDelay,
      ingestMaxInFlight: config.ingestMaxInFlight,
      ledgerKey,
      clientConfig: { tiles: config.mapTiles },
      mailTransport,
      mailFrom: config.smtpFrom,
      appUrl: () => config.publicUrl?.replace(/\/$/, '') ?? url,
      reportPhotos: photoStoreFor(config),
    });
    // Starter content belongs to the demo data: a production start without demo accounts gets none.
    if (auth.demo.enabled)
      await seedStarterContent({ db: database.db, services, now: () => new Date(), logger });
    const app = createApp({
      services,
      auth,
      db: database.db,
      logger,
      metrics,
      metricsToken: config.metricsToken,
      lifecycle,
      trustProxyHops: config.trustProxyHops,
      openDataAnonymousLimit: config.openDataAnonymousLimit,
      version,
      webDistDir: config.webDistDir,
    });
    const adapter =
      config.liveAdapter === 'postgres' && config.databaseUrl
        ? postgresLiveAdapter({ databaseUrl: config.databaseUrl, logger })
        : config.liveAdapter === 'redis' && config.redisUrl
          ? redisLiveAdapter({ redisUrl: config.redisUrl, logger })
          : memoryLiveAdapter();
    gateway = createLiveGateway({
      httpServer: server,
      events,
      routes: LIVE_ROUTES,
      resolveCaller: auth.resolveCaller,
      logger,
      metrics,
      adapter,
    });
    metrics.observe({
      liveSockets: gateway.connectionCount,
      liveRooms: gateway.cityRoomCount,
      databasePool: database.poolStats,
      readingsStorage: () => services.readings.storage(),
    });
    handler = app.fetch;
  } catch (err) {
    server.close();
    mailTransport?.close();
    heartbeat?.stop();
    await membership?.leave().catch(() => {});
    await database.close();
    throw err;
  }
  lifecycle.enter('ready');

  logger.info(
    { url, database: database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'postgresql' },
    'smart city server ready',
  );
  const jobs = startJobs({
    services,
    db: database.db,
    logger,
    simulator: config.simulator,
    simulatorBackfillDays: config.simulatorBackfillDays,
    simulatorReadingsPerS: config.simulatorReadingsPerS,
    mqttUrl: config.mqttUrl,
    mqttClientId: config.mqttClientId,
    mqttShareGroup: config.mqttShareGroup,
    mqttTopicPrefix: config.mqttTopicPrefix,
    metrics,
    events,
    embeddedDataDir: database.kind === 'pglite' ? config.dataDir : undefined,
    ledgerCheckpointIntervalMs: config.ledgerCheckpointIntervalMs,
  });

  let stopping: Promise<void> | undefined;
  async function stop() {
    // Readiness fails first, so a load balancer stops sending before the port closes.
    lifecycle.enter('stopping');
    const closed = new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive sockets would otherwise hold close() open until they time out.
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    // Live connections are upgraded sockets that close() waits for; the gateway ends them.
    await gateway.close();
    await closed;
    await jobs.stop();
    mailTransport?.close();
    heartbeat?.stop();
    // Leaving at once lets a full restart with changed shared settings begin without waiting.
    await membership
      ?.leave()
      .catch((err: unknown) =>
        logger.warn({ err }, "could not take this process off the database's list"),
      );
    await database.close();
  }
  return { url, stop: () => (stopping ??= stop()) };
}
