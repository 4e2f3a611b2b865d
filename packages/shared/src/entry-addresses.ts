import type { EndpointAddress } from './endpoints';

// The endpoints the first page calls before any screen has loaded. Their addresses stand apart
// from their declarations, which hold zod schemas: the first download carries no zod, and checks
// these answers with checks of its own. Each declaration spreads its address, so the path is
// still written once.

/** `GET /api/cities`: the cities the platform serves. */
export const CITIES_ADDRESS = {
  method: 'get',
  path: '/api/cities',
} as const satisfies EndpointAddress;

/** The signed-in person: read at every start, changed from the account's own actions. */
export const PROFILE_ADDRESSES = {
  get: { method: 'get', path: '/api/profile' },
  update: { method: 'patch', path: '/api/profile' },
} as const satisfies Record<string, EndpointAddress>;

/**
 * The account endpoints under /api/auth. better-auth answers them in its own shapes (errors as
 * `{ code, message }`), checked by the app's own checks; the server adds the two of demo accounts
 * beside them.
 */
export const AUTH_ADDRESSES = {
  getSession: { method: 'get', path: '/api/auth/get-session' },
  signIn: { method: 'post', path: '/api/auth/sign-in/email' },
  signUp: { method: 'post', path: '/api/auth/sign-up/email' },
  signOut: { method: 'post', path: '/api/auth/sign-out' },
  verifyTotp: { method: 'post', path: '/api/auth/two-factor/verify-totp' },
  verifyBackupCode: { method: 'post', path: '/api/auth/two-factor/verify-backup-code' },
  requestPasswordReset: { method: 'post', path: '/api/auth/request-password-reset' },
  resetPassword: { method: 'post', path: '/api/auth/reset-password' },
  demoAccounts: { method: 'get', path: '/api/auth/demo-accounts' },
  demoSignIn: { method: 'post', path: '/api/auth/demo-sign-in' },
} as const satisfies Record<string, EndpointAddress>;
