import { DEFAULT_NOTIFICATION_PREFERENCES, languageSchema } from '@smart-city/shared';
import type {
  DemoAccountList,
  Language,
  NotificationPreferences,
  UserProfile,
} from '@smart-city/shared';
import { CITIES } from './city-fixtures';
import { jsonBodyOf, jsonResponse, stubFetch, urlOf } from './fetch-stub';
import { testUser } from './render';

type Handler = (body: unknown, url: string) => Response | Promise<Response>;

export const GOOD_PASSWORD = 'right-password';
export const GOOD_TOTP = '123456';
export const GOOD_BACKUP_CODE = 'backup-0001';
export const GOOD_RESET_TOKEN = 'good-token';

const DEMO_ACCOUNT_LIST: DemoAccountList['accounts'] = [
  {
    username: 'admin',
    email: 'admin@smartcity.local',
    role: 'admin',
    displayName: 'Admin User',
  },
  {
    username: 'operator',
    email: 'operator@smartcity.local',
    role: 'operator',
    displayName: 'System Operator',
  },
  { username: 'test', email: 'test@smartcity.local', role: 'citizen', displayName: 'Test User' },
  { username: 'demo', email: 'demo@smartcity.local', role: 'citizen', displayName: 'Demo Citizen' },
];

export interface FakeAccountServerOptions {
  signedIn?: boolean;
  profile?: Partial<UserProfile>;
  /** Sign-in with the right password then asks for a TOTP or backup code. */
  twoFactor?: boolean;
  demoEnabled?: boolean;
  preferences?: NotificationPreferences;
  /** The language the account chose; none unless given. */
  language?: Language | null;
  /** Replaces one endpoint, keyed 'METHOD /path'. */
  routes?: Record<string, Handler>;
}

export const TOTP_URI =
  'otpauth://totp/Smart%20City:asha.sen%40smartcity.local?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Smart%20City&digits=6&period=30';

function invalidPassword() {
  return jsonResponse({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, 400);
}

function unauthorized() {
  return jsonResponse({ error: { code: 'unauthorized', message: 'User not authenticated' } }, 401);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * Stubs fetch with an in-memory account server that answers like better-auth and the profile API,
 * keeping who is signed in between calls.
 */
export function fakeAccountServer(options: FakeAccountServerOptions = {}) {
  const state = {
    signedIn: options.signedIn ?? false,
    secondFactorPending: false,
    profile: testUser(options.profile),
    preferences: { ...(options.preferences ?? DEFAULT_NOTIFICATION_PREFERENCES) },
    language: options.language ?? null,
    sessionId: 'session-1',
    twoFactorEnabled: options.twoFactor === true,
    enrolmentPending: false,
  };

  function sessionBody() {
    return {
      session: { id: state.sessionId, expiresAt: '2099-01-01T00:00:00.000Z' },
      user: {
        id: state.profile.id,
        email: state.profile.email,
        name: `${state.profile.firstName} ${state.profile.lastName}`,
        role: state.profile.role,
        isDemo: state.profile.isDemoUser,
        twoFactorEnabled: state.twoFactorEnabled,
      },
    };
  }

  function signIn() {
    state.signedIn = true;
    state.secondFactorPending = false;
    return jsonResponse({ token: 'token-1', user: { id: state.profile.id } });
  }

  const handlers: Record<string, Handler> = {
    'GET /api/cities': () => jsonResponse(CITIES),
    'GET /api/auth/get-session': () => jsonResponse(state.signedIn ? sessionBody() : null),
    'GET /api/profile': () => (state.signedIn ? jsonResponse(state.profile) : unauthorized()),
    'PATCH /api/profile': (body) => {
      if (!state.signedIn) return unauthorized();
      state.profile = { ...state.profile, ...record(body) };
      return jsonResponse(state.profile);
    },
    'POST /api/auth/sign-in/email': (body) => {
      if (record(body).password !== GOOD_PASSWORD) {
        return jsonResponse(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          401,
        );
      }
      if (state.twoFactorEnabled) {
        state.secondFactorPending = true;
        return jsonResponse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      }
      return signIn();
    },
    'POST /api/auth/two-factor/verify-totp': (body) => {
      if (record(body).code !== GOOD_TOTP) {
        return jsonResponse({ code: 'INVALID_CODE', message: 'Invalid code' }, 401);
      }
      if (state.secondFactorPending) return signIn();
      if (state.signedIn && state.enrolmentPending) {
        state.enrolmentPending = false;
        state.twoFactorEnabled = true;
        return jsonResponse({ token: 'token-2', user: { id: state.profile.id } });
      }
      return jsonResponse({ code: 'INVALID_CODE', message: 'Invalid code' }, 401);
    },
    'POST /api/auth/two-factor/enable': (body) => {
      if (record(body).password !== GOOD_PASSWORD) return invalidPassword();
      state.enrolmentPending = true;
      return jsonResponse({
        totpURI: TOTP_URI,
        backupCodes: ['backup-0001', 'backup-0002', 'backup-0003'],
      });
    },
    'POST /api/auth/two-factor/disable': (body) => {
      if (record(body).password !== GOOD_PASSWORD) return invalidPassword();
      state.twoFactorEnabled = false;
      return jsonResponse({ status: true });
    },
    'POST /api/auth/revoke-other-sessions': () => jsonResponse({ status: true }),
    'POST /api/auth/two-factor/verify-backup-code': (body) =>
      state.secondFactorPending && record(body).code === GOOD_BACKUP_CODE
        ? signIn()
        : jsonResponse({ code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' }, 401),
    'POST /api/auth/sign-out': () => {
      state.signedIn = false;
      return jsonResponse({ success: true });
    },
    'GET /api/auth/demo-accounts': () =>
      jsonResponse({
        enabled: options.demoEnabled ?? true,
        accounts: options.demoEnabled === false ? [] : DEMO_ACCOUNT_LIST,
      }),
    'POST /api/auth/demo-sign-in': (body) => {
      const account = DEMO_ACCOUNT_LIST.find((a) => a.username === record(body).username);
      if (!account || options.demoEnabled === false) {
        return jsonResponse({ error: { code: 'not_found', message: 'No such demo account' } }, 404);
      }
      const [firstName, lastName] = account.displayName.split(' ');
      state.profile = testUser({
        id: `demo-${account.username}`,
        email: account.email,
        firstName,
        lastName,
        role: account.role,
        isDemoUser: true,
      });
      return signIn();
    },
    'POST /api/auth/sign-up/email': (body) => {
      const fields = record(body);
      state.profile = testUser({
        id: 'user-new',
        email: String(fields.email),
        firstName: String(fields.firstName),
        lastName: String(fields.lastName),
        role: 'citizen',
      });
      return signIn();
    },
    'POST /api/auth/request-password-reset': () => jsonResponse({ status: true }),
    'POST /api/auth/reset-password': (body) =>
      record(body).token === GOOD_RESET_TOKEN
        ? jsonResponse({ status: true })
        : jsonResponse({ code: 'INVALID_TOKEN', message: 'Invalid token' }, 400),
    'GET /api/profile/preferences': () =>
      state.signedIn
        ? jsonResponse({ notifications: state.preferences, language: state.language })
        : unauthorized(),
    'PATCH /api/profile/preferences': (body) => {
      state.preferences = { ...state.preferences, ...record(record(body).notifications) };
      const language = languageSchema.safeParse(record(body).language);
      if (language.success) state.language = language.data;
      return jsonResponse({ notifications: state.preferences, language: state.language });
    },
    'GET /api/auth/list-sessions': () =>
      jsonResponse([
        {
          id: 'session-0',
          createdAt: '2026-11-20T07:00:00.000Z',
          updatedAt: '2026-11-20T09:00:00.000Z',
          expiresAt: '2026-11-27T07:00:00.000Z',
          ipAddress: '203.0.113.9',
          userAgent:
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        },
        {
          id: state.sessionId,
          createdAt: '2026-11-21T08:30:00.000Z',
          updatedAt: '2026-11-21T10:00:00.000Z',
          expiresAt: '2026-11-28T08:30:00.000Z',
          ipAddress: '198.51.100.4',
          userAgent:
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
        },
      ]),
  };

  const fetch = stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0] ?? url;
    const key = `${method} ${path}`;
    const handler = options.routes?.[key] ?? handlers[key];
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (!handler) {
      return jsonResponse(
        { error: { code: 'not_found', message: `No such endpoint: ${key}` } },
        404,
      );
    }
    return handler(body, url);
  });

  /** The JSON bodies sent to one endpoint, in order. */
  function bodiesSentTo(key: string): unknown[] {
    return fetch.mock.calls
      .filter(([input, init]) => `${init?.method ?? 'GET'} ${urlOf(input).split('?')[0]}` === key)
      .map(([, init]) => jsonBodyOf(init));
  }

  function callsTo(key: string): number {
    return bodiesSentTo(key).length;
  }

  return { state, fetch, bodiesSentTo, callsTo };
}
