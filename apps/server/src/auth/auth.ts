import {
  DEFAULT_LANGUAGE,
  DEFAULT_ROLE,
  languageFromAcceptLanguage,
  languageSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SESSION_TTL_S,
  type Language,
} from '@smart-city/shared';
import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { admin, jwt, twoFactor, username } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/connection-loss';
import type { Database } from '../db/schema';
import { accessControl, accessRoles } from './access-control';
import { accountGuards } from './account-guards';
import type { DomainEvents } from '../live/domain-events';
import { accountHooks } from './account-hooks';
import { findAccountLanguage } from './account-profile.repository';
import { JWT_AUDIENCE, JWT_ISSUER } from './bearer-token';
import { resetPasswordMail, verifyEmailMail } from './mail-texts';
import type { MailMessage, MailSender } from './mailer';
import { deleteAccountFailures } from './sign-in-throttle.repository';

/** Where the app's own client may run during development, besides PUBLIC_URL and the server itself. */
const DEV_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173'];

/** better-auth reads the client address from this header; the server sets it from the socket. */
export const CLIENT_IP_HEADER = 'x-smart-city-client-ip';

/** Shown by authenticator apps next to the account. */
const TOTP_ISSUER = 'Smart City';

/**
 * The tables better-auth keeps, prefixed so they never meet the app's own `users` profile table.
 * Shared by the running instance and the start-up migration so both see the same schema.
 */
const AUTH_TABLES = {
  user: {
    modelName: 'auth_user',
    additionalFields: {
      isDemo: {
        type: 'boolean' as const,
        required: false,
        defaultValue: false,
        input: false,
        fieldName: 'is_demo',
      },
    },
  },
  session: { modelName: 'auth_session' },
  account: { modelName: 'auth_account' },
  verification: { modelName: 'auth_verification' },
};

/** Keeps each plugin's own type, so the session's user type includes the fields plugins add. */
function pluginList<T extends unknown[]>(...plugins: T): T {
  return plugins;
}

function authPlugins() {
  return pluginList(
    username(),
    admin({
      ac: accessControl,
      roles: accessRoles,
      defaultRole: DEFAULT_ROLE,
      adminRoles: ['admin'],
    }),
    jwt({
      jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
      // Tokens come from GET /api/auth/token. Without this every session check (each API request
      // asks one) would sign a fresh token into a response header nobody reads.
      disableSettingJwtHeader: true,
      jwt: {
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        expirationTime: '15m',
        definePayload: ({ user }) => ({
          email: user.email,
          name: user.name,
          // Typed loosely by the jwt plugin, which does not know the admin plugin's field.
          role: typeof user.role === 'string' ? user.role : undefined,
          isDemo: user.isDemo === true,
        }),
      },
      schema: { jwks: { modelName: 'auth_jwks' } },
    }),
    twoFactor({ issuer: TOTP_ISSUER, schema: { twoFactor: { modelName: 'auth_two_factor' } } }),
  );
}

/**
 * Creates or extends better-auth's tables. Runs in code at start-up (its CLI does not run on
 * Node 20); returns the tables it created or changed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- better-auth's tables are not in the typed schema
export async function migrateAuthSchema(db: Kysely<any>): Promise<string[]> {
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations({
    database: { db, type: 'postgres' },
    ...AUTH_TABLES,
    plugins: authPlugins(),
    telemetry: { enabled: false },
    logger: { disabled: true },
  });
  await runMigrations();
  return [...toBeCreated, ...toBeAdded].map((t) => t.table);
}

export type AuthSettings = {
  db: Kysely<Database>;
  logger: Logger;
  secret: string;
  /** The address people use to reach the platform; unset means the address of each request. */
  publicUrl?: string | undefined;
  /** The origins the server listens on, known once it is bound. */
  listeningOrigins?: () => string[];
  mailer: MailSender;
  /** Whether the built-in demo accounts may sign in; true unless said otherwise. */
  demoAccounts?: boolean;
  /** Where ended sessions and suspended accounts are announced, so live connections end too. */
  events?: Pick<DomainEvents, 'emit'>;
};

/** The account request being answered, told when its database was away. */
const accountRequest = new AsyncLocalStorage<{ databaseAway: boolean }>();

/**
 * Answers an account request with better-auth, and says whether it failed because the database was
 * away: better-auth answers that with a 500 of its own, which a caller should see as a 503 to retry.
 */
export async function answerAccountRequest(
  answer: () => Promise<Response>,
): Promise<{ response: Response; databaseAway: boolean }> {
  const state = { databaseAway: false };
  const response = await accountRequest.run(state, answer);
  return { response, databaseAway: state.databaseAway };
}

/**
 * Notes, for the account request being answered, that `err` says the database is away; better-auth
 * tells of such a failure through its logger or its error hook, depending on the endpoint.
 */
function notedDatabaseAway(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  const state = accountRequest.getStore();
  if (state) state.databaseAway = true;
  return true;
}

/** Routes better-auth's messages into the server log. */
function authLogger(logger: Logger): BetterAuthOptions['logger'] {
  const log = logger.child({ module: 'auth' });
  return {
    level: log.isLevelEnabled('debug') ? 'debug' : 'warn',
    log(level, message, ...args) {
      // Deriving the address from each request is intended when PUBLIC_URL is unset.
      const effective = message.includes('Base URL is not set') ? 'debug' : level;
      const err = args.find((a): a is Error => a instanceof Error);
      // A database away for a restart is routine: one line, no stack; the caller gets a 503.
      if (err && notedDatabaseAway(err)) {
        log.warn({ reason: err.message }, 'an account request found the database away');
        return;
      }
      log[effective](err ? { err } : args.length ? { details: args } : {}, message);
    },
  };
}

/**
 * Client mistakes (a wrong password, a bad origin) are routine, and so is a database that is away
 * for a restart; only server faults are errors.
 */
function logAuthError(logger: Logger) {
  const log = logger.child({ module: 'auth' });
  return (error: unknown) => {
    if (isAPIError(error) && error.statusCode < 500) {
      log.debug({ status: error.statusCode, code: error.body?.code }, error.message);
    } else if (notedDatabaseAway(error)) {
      log.warn({ reason: (error as Error).message }, 'an account request found the database away');
    } else {
      log.error({ err: error }, 'an account request failed');
    }
  };
}

/**
 * The language of an e-mail: the one its account chose, else the one the request that sent it
 * asked for (the app sends its current language), else English.
 */
async function mailLanguage(
  db: Kysely<Database>,
  userId: string,
  request: Request | undefined,
): Promise<Language> {
  const chosen = languageSchema.safeParse(await findAccountLanguage(db, userId));
  if (chosen.success) return chosen.data;
  return languageFromAcceptLanguage(request?.headers.get('accept-language')) ?? DEFAULT_LANGUAGE;
}

/** better-auth configured for the platform: e-mail and password, roles, bearer tokens and TOTP. */
export function createAuth(settings: AuthSettings) {
  const { db, logger, mailer, publicUrl } = settings;
  const secure = publicUrl?.startsWith('https:') ?? false;
  const publicOrigins = publicUrl ? [new URL(publicUrl).origin] : [];
  // Written and delivered after the answer, so that the answer does not wait on the database or
  // the mail server nor reveal, by its timing, whether an address has an account.
  const deliver = (write: () => Promise<MailMessage>) => {
    write()
      .then((message) => mailer.send(message))
      .catch((err: unknown) => logger.error({ err }, 'e-mail failed'));
  };

  return betterAuth({
    appName: 'Smart City',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret: settings.secret,
    database: { db, type: 'postgres' },
    telemetry: { enabled: false },
    logger: authLogger(logger),
    onAPIError: { onError: logAuthError(logger) },
    trustedOrigins: () => [
      ...publicOrigins,
      ...DEV_ORIGINS,
      ...(settings.listeningOrigins?.() ?? []),
    ],
    ...AUTH_TABLES,
    session: { ...AUTH_TABLES.session, expiresIn: SESSION_TTL_S, updateAge: 86_400 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        // Proving control of the mailbox is a stronger sign-in than any guess: lift the lock.
        await deleteAccountFailures(db, user.email.toLowerCase());
      },
      async sendResetPassword({ user, url }, request) {
        deliver(async () =>
          resetPasswordMail(user.email, url, await mailLanguage(db, user.id, request)),
        );
      },
    },
    // Confirming the address is offered, not required: the embedded mode may have no mail server.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }, request) {
        deliver(async () =>
          verifyEmailMail(user.email, url, await mailLanguage(db, user.id, request)),
        );
      },
    },
    advanced: {
      cookiePrefix: 'smart-city',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      // Explicit, because better-auth turns both checks off when NODE_ENV is test.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: accountHooks(db, {
      demoAccounts: settings.demoAccounts ?? true,
      events: settings.events,
    }),
    hooks: { before: accountGuards(db) },
    plugins: authPlugins(),
  });
}

export type Auth = ReturnType<typeof createAuth>;
