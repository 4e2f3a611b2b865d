import { ROLE_PERMISSIONS } from '@smart-city/shared';
import type {
  AuthActions,
  AuthContextValue,
  AuthStatus,
  AuthUser,
  Permission,
  SessionInfo,
} from './auth-types';

const notSignedIn = { ok: false, message: null } as const;

/** Actions of a context with nothing behind it: every request fails quietly. */
const inertAuthActions: AuthActions = {
  signIn: () => Promise.resolve({ status: 'failed', message: null }),
  verifyTwoFactor: () => Promise.resolve(notSignedIn),
  demoSignIn: () => Promise.resolve(notSignedIn),
  signUp: () => Promise.resolve({ ...notSignedIn, fieldIssues: [] }),
  signOut: () => Promise.resolve(true),
  requestPasswordReset: () => Promise.resolve(notSignedIn),
  resetPassword: () => Promise.resolve({ status: 'failed', message: null }),
  updateProfile: () => Promise.resolve({ ...notSignedIn, fieldIssues: [] }),
  refresh: () => Promise.resolve(),
};

type SessionView = Pick<
  AuthContextValue,
  'status' | 'user' | 'session' | 'hasRole' | 'hasAnyRole' | 'hasPermission' | 'allows'
>;

/** The session state with its role and permission checks; only a signed-in user has either. */
export function sessionView(
  status: AuthStatus,
  user: AuthUser | null,
  session: SessionInfo | null = null,
): SessionView {
  const signedIn = status === 'authenticated' && user !== null;
  const role = signedIn ? user.role : null;
  const permissions: readonly Permission[] = role ? (ROLE_PERMISSIONS[role] ?? []) : [];
  return {
    status,
    user: signedIn ? user : null,
    session: signedIn ? session : null,
    hasRole: (wanted) => role === wanted,
    hasAnyRole: (wanted) => role !== null && wanted.includes(role),
    hasPermission: (permission) => permissions.includes(permission),
    allows: (policy) => role !== null && policy(role),
  };
}

/** A whole context value from a session state, for screens rendered without the provider. */
export function createAuthValue(
  status: AuthStatus,
  user: AuthUser | null,
  actions: Partial<AuthActions> = {},
  session: SessionInfo | null = null,
): AuthContextValue {
  return { ...inertAuthActions, ...actions, ...sessionView(status, user, session) };
}
