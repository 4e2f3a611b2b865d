import { DEFAULT_DEMO_PASSWORD } from '@smart-city/shared';
import pino from 'pino';
import { createApp } from '../app';
import { createAppAuth, type AppAuth } from '../auth/app-auth';
import { seedDemoAccounts } from '../auth/demo-accounts';
import type { MailSender } from '../auth/mailer';
import type { DatabaseHandle } from '../db/client';
import { createDomainEvents, type DomainEvents } from '../live/domain-events';
import { signIn } from './accounts';

export const silentLogger = pino({ level: 'silent' });

/** A fixed secret, long enough that better-auth accepts it. */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export type TestAppOptions = {
  webDistDir?: string | null;
  /** Receives the e-mails the app sends; by default they are dropped. */
  mailer?: MailSender;
  /** The clock of the sign-in throttle. */
  now?: () => Date;
  /** Whether demo accounts may sign in (default true). */
  demoAccounts?: boolean;
  publicUrl?: string;
  /** The bus services announce on; a fresh one by default. */
  events?: DomainEvents;
  /** The sensor pipeline's clock. */
  pipelineNow?: () => Date;
};

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

/** The real application on a test database, driven in-process through `app.request`. */
export function createTestApp(
  database: DatabaseHandle,
  options: TestAppOptions & { auth?: AppAuth } = {},
) {
  const events =
    options.events ??
    createDomainEvents((err) => {
      throw err;
    });
  return createApp({
    db: database.db,
    logger: silentLogger,
    version: '0.0.0-test',
    startedAt: Date.now(),
    webDistDir: options.webDistDir ?? null,
    auth: options.auth ?? createTestAuth(database, { ...options, events }),
    events,
    now: options.pipelineNow,
  });
}

/**
 * The test app with the demo accounts seeded and signed in: session cookies of an admin, an
 * operator and a citizen, for tests of who may do what.
 */
export async function createTestAppWithCallers(
  database: DatabaseHandle,
  options: TestAppOptions = {},
) {
  const auth = createTestAuth(database, options);
  await seedDemoAccounts(auth.auth, DEFAULT_DEMO_PASSWORD);
  const app = createTestApp(database, { ...options, auth });
  const cookieOf = async (email: string) =>
    (await signIn(app, email, DEFAULT_DEMO_PASSWORD)).cookie;
  return {
    app,
    admin: await cookieOf('admin@smartcity.local'),
    operator: await cookieOf('operator@smartcity.local'),
    citizen: await cookieOf('demo@smartcity.local'),
  };
}
