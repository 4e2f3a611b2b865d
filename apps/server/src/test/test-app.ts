import type { Retention } from '../features/readings/readings.service';
import { DEFAULT_DEMO_PASSWORD, LIVE_EVENT_NAMES, LIVE_EVENTS } from '@smart-city/shared';
import pino, { type Logger } from 'pino';
import { createApp } from '../app';
import { createAppAuth, type AppAuth } from '../auth/app-auth';
import { seedDemoAccounts } from '../auth/demo-accounts';
import type { MailSender } from '../auth/mailer';
import type { DatabaseHandle } from '../db/client';
import { ephemeralLedgerKey, type LedgerKey } from '../features/ledger/ledger-key';
import { createLifecycle, type Lifecycle } from '../lib/lifecycle';
import { createDomainEvents, type DomainEvents } from '../live/domain-events';
import { createMetrics, type Metrics } from '../metrics/metrics';
import { createServices, type Services, type ServicesDeps } from '../services';
import { signIn } from './accounts';

/** Quiet unless TEST_LOG names a level (e.g. TEST_LOG=error shows what a 500 hid). */
export const silentLogger = pino({ level: process.env.TEST_LOG ?? 'silent' });

/** A fixed secret, long enough that better-auth accepts it. */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * An event bus that fails the emitting call when a listener throws or a live event's payload is off
 * its contract schema, so every test that makes a service announce also checks what it announced.
 */
export function createTestEvents(): DomainEvents {
  const events = createDomainEvents((err) => {
    throw err;
  });
  for (const name of LIVE_EVENT_NAMES) {
    events.on(name, (payload: unknown) => {
      const parsed = LIVE_EVENTS[name].safeParse(payload);
      if (!parsed.success)
        throw new Error(`"${name}" is off the contract: ${parsed.error.message}`);
    });
  }
  return events;
}

export type TestAppOptions = {
  webDistDir?: string | null;
  /** Receives the e-mails the app sends; by default they are dropped. */
  mailer?: MailSender;
  /** The clock of the sign-in throttle. */
  now?: () => Date;
  /** Whether demo accounts may sign in (default true). */
  demoAccounts?: boolean;
  publicUrl?: string;
  /** The bus services announce on; a fresh contract-checking one by default. */
  events?: DomainEvents;
  /** The services' clock (reading times, alert rules, notices). */
  pipelineNow?: () => Date;
  /** The map settings the web app reads; none by default. */
  clientConfig?: ServicesDeps['clientConfig'];
  /** The metrics the app and services count in; fresh ones (without process metrics) by default. */
  metrics?: Metrics;
  /** `METRICS_TOKEN`; none by default. */
  metricsToken?: string | null;
  /** The process phase the readiness check reports; ready by default. */
  lifecycle?: Lifecycle;
  /** TRUST_PROXY's hops; none by default. */
  trustProxyHops?: number;
  /** OPEN_DATA_RATE_LIMIT; the default limit by default. */
  openDataAnonymousLimit?: number;
  /** INGEST_MAX_IN_FLIGHT; the default bound by default. */
  ingestMaxInFlight?: number;
  /** The shortest time between two automatic folds of stored readings; a second by default. */
  foldMinGapMs?: number;
  /** Where the app logs; nowhere by default. */
  logger?: Logger;
  /** The ledger's key; a new one for each test app by default. */
  ledgerKey?: LedgerKey;
  /** The payment providers; the municipal account by default. */
  paymentProviders?: ServicesDeps['paymentProviders'];
  /** Where e-mail goes; none (e-mail off) by default. */
  mailTransport?: ServicesDeps['mailTransport'];
  /** SENSOR_OFFLINE_AFTER_S; five minutes by default. */
  sensorOfflineAfterS?: number;
  /**
   * ALERT_ON_DELAY: `off` raises an alert at the first reading out of range, for tests about what
   * happens to an alert once raised; the rules' on-delays (as in production) by default.
   */
  alertOnDelay?: 'default' | 'off';
};

/** Metrics for a test: the process metrics are left out, they would only slow each scrape. */
export const createTestMetrics = () => createMetrics({ processMetrics: false });

/** Accounts over a test database, as the test app uses them. */
export function createTestAuth(database: DatabaseHandle, options: TestAppOptions = {}): AppAuth {
  return createAppAuth({
    db: database.db,
    logger: silentLogger,
    secret: TEST_AUTH_SECRET,
    mailer: options.mailer ?? { send: async () => {} },
    now: options.now,
    demoAccounts: options.demoAccounts,
    publicUrl: options.publicUrl,
    events: options.events,
  });
}

/** Every service over a test database, as the test app builds them. */
export function createTestServices(
  database: DatabaseHandle,
  options: Pick<
    TestAppOptions,
    | 'pipelineNow'
    | 'clientConfig'
    | 'ingestMaxInFlight'
    | 'foldMinGapMs'
    | 'ledgerKey'
    | 'paymentProviders'
    | 'mailTransport'
    | 'sensorOfflineAfterS'
    | 'alertOnDelay'
  > & {
    events: DomainEvents;
    metrics?: Metrics;
    retention?: Partial<Retention>;
  },
): Services {
  return createServices({
    db: database.db,
    events: options.events,
    logger: silentLogger,
    metrics: options.metrics ?? createTestMetrics(),
    ingestMaxInFlight: options.ingestMaxInFlight,
    foldMinGapMs: options.foldMinGapMs,
    ledgerKey: options.ledgerKey ?? ephemeralLedgerKey(),
    version: '0.0.0-test',
    startedAt: Date.now(),
    now: options.pipelineNow,
    clientConfig: options.clientConfig,
    paymentProviders: options.paymentProviders,
    mailTransport: options.mailTransport,
    sensorOfflineAfterS: options.sensorOfflineAfterS,
    alertOnDelay: options.alertOnDelay,
    retention: options.retention,
    mailFrom: 'Smart City <alerts@smartcity.test>',
    appUrl: () => 'http://smartcity.test',
  });
}

/** The real application on a test database, driven in-process through `app.request`. */
export function createTestApp(
  database: DatabaseHandle,
  options: TestAppOptions & { auth?: AppAuth; services?: Services } = {},
) {
  const events = options.events ?? createTestEvents();
  const metrics = options.metrics ?? createTestMetrics();
  return createApp({
    services: options.services ?? createTestServices(database, { ...options, events, metrics }),
    auth: options.auth ?? createTestAuth(database, { ...options, events }),
    db: database.db,
    logger: options.logger ?? silentLogger,
    metrics,
    metricsToken: options.metricsToken ?? null,
    lifecycle: options.lifecycle ?? createLifecycle('ready'),
    trustProxyHops: options.trustProxyHops ?? 0,
    openDataAnonymousLimit: options.openDataAnonymousLimit,
    version: '0.0.0-test',
    webDistDir: options.webDistDir ?? null,
  });
}

/**
 * The test app with the demo accounts seeded and signed in: session cookies of an admin, an
 * operator and a citizen, for tests of who may do what, and the app's services for the work that
 * has no endpoint (the periodic checks, pruning).
 */
export async function createTestAppWithCallers(
  database: DatabaseHandle,
  options: TestAppOptions = {},
) {
  const events = options.events ?? createTestEvents();
  const metrics = options.metrics ?? createTestMetrics();
  const auth = createTestAuth(database, { ...options, events });
  await seedDemoAccounts(auth.auth, DEFAULT_DEMO_PASSWORD);
  const services = createTestServices(database, { ...options, events, metrics });
  const app = createTestApp(database, { ...options, events, metrics, auth, services });
  const cookieOf = async (email: string) =>
    (await signIn(app, email, DEFAULT_DEMO_PASSWORD)).cookie;
  return {
    app,
    services,
    events,
    metrics,
    admin: await cookieOf('admin@smartcity.local'),
    operator: await cookieOf('operator@smartcity.local'),
    citizen: await cookieOf('demo@smartcity.local'),
  };
}
