/** Roles of the platform (reference facts); the backend's default "viewer" reads as a citizen. */
export const ROLES = ['admin', 'operator', 'citizen'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['read', 'write', 'delete', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each role may do, as the demo accounts define it. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ['read', 'write', 'delete', 'admin'],
  operator: ['read', 'write'],
  citizen: ['read'],
};

/** The signed-in user as the web app needs it. */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** A role name as the server sends it; unknown names get no permissions. */
  role: string;
  isDemoUser: boolean;
}

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  hasRole: (role: Role) => boolean;
  hasAnyRole: (roles: readonly Role[]) => boolean;
  hasPermission: (permission: Permission) => boolean;
  signOut: () => Promise<void>;
}

/** Where the session comes from; swapping this is all that wiring real sign-in takes. */
export interface AuthSource {
  /** The current session's user, or null when signed out. */
  getSession: () => Promise<AuthUser | null>;
  signOut: () => Promise<void>;
}
