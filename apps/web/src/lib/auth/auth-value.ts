import { ROLE_PERMISSIONS, ROLES } from './auth-types';
import type { AuthContextValue, AuthStatus, AuthUser, Permission, Role } from './auth-types';

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Builds the context value (role and permission checks included) from a session state. */
export function createAuthValue(
  status: AuthStatus,
  user: AuthUser | null,
  signOut: () => Promise<void> = () => Promise.resolve(),
): AuthContextValue {
  const signedIn = status === 'authenticated' && user !== null;
  const role = signedIn ? user.role : null;
  const permissions: readonly Permission[] = role && isRole(role) ? ROLE_PERMISSIONS[role] : [];
  return {
    status,
    user: signedIn ? user : null,
    hasRole: (wanted) => role === wanted,
    hasAnyRole: (wanted) => role !== null && (wanted as readonly string[]).includes(role),
    hasPermission: (permission) => permissions.includes(permission),
    signOut,
  };
}
