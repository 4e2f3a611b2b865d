import type { EndpointAddress } from './endpoints';

/**
 * The account endpoints under /api/auth that the first page does not call (security settings, the
 * profile's sessions, the administrators' people screen, the sign-in by username other clients
 * use), apart from those it does so it does not download them. better-auth answers them in its own
 * shapes.
 */
export const ACCOUNT_ADDRESSES = {
  signInWithUsername: { method: 'post', path: '/api/auth/sign-in/username' },
  enableTwoFactor: { method: 'post', path: '/api/auth/two-factor/enable' },
  disableTwoFactor: { method: 'post', path: '/api/auth/two-factor/disable' },
  listSessions: { method: 'get', path: '/api/auth/list-sessions' },
  revokeOtherSessions: { method: 'post', path: '/api/auth/revoke-other-sessions' },
  listAccounts: { method: 'get', path: '/api/auth/admin/list-users' },
  setRole: { method: 'post', path: '/api/auth/admin/set-role' },
} as const satisfies Record<string, EndpointAddress>;
