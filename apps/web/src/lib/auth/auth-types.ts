import type { Permission, Policy, ProfileUpdate, Role, UserProfile } from '@smart-city/shared';

export type { Permission, Role } from '@smart-city/shared';

/** The signed-in user as the app shows them: the server's profile shape. */
export type AuthUser = UserProfile;

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** What the account's current session says beyond the profile. */
export interface SessionInfo {
  /** The id of this browser's session, to mark it among the account's sessions. */
  id: string;
  /** When the session ends unless renewed (ISO). */
  expiresAt: string;
  /** Whether signing in asks for an authenticator code. */
  twoFactorEnabled: boolean;
}

/** The outcome of an account request: ok, or the server's message when it said something useful. */
type ActionResult = { ok: true } | { ok: false; message: string | null };

type SignInResult =
  | { status: 'signed-in' }
  /** The password was right and the account wants its second factor. */
  | { status: 'two-factor' }
  | { status: 'failed'; message: string | null };

export type TwoFactorMethod = 'totp' | 'backup-code';

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  department?: string;
}

type SignUpResult =
  | { ok: true; signedIn: boolean }
  | { ok: false; message: string | null; fieldIssues: readonly FieldError[] };

type ResetPasswordResult =
  | { status: 'done' }
  /** The link expired or was used already. */
  | { status: 'invalid-token' }
  | { status: 'failed'; message: string | null };

export interface FieldError {
  field: string;
  message: string;
}

type UpdateProfileResult =
  | { ok: true; user: AuthUser }
  | { ok: false; message: string | null; fieldIssues: readonly FieldError[] };

export interface AuthActions {
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /** Completes a sign-in that answered `two-factor`. */
  verifyTwoFactor: (code: string, method: TwoFactorMethod) => Promise<ActionResult>;
  demoSignIn: (username: string) => Promise<ActionResult>;
  signUp: (input: SignUpInput) => Promise<SignUpResult>;
  /** Resolves true once signed out; false (after a 'Logout failed' toast) otherwise. */
  signOut: () => Promise<boolean>;
  requestPasswordReset: (email: string) => Promise<ActionResult>;
  resetPassword: (token: string, newPassword: string) => Promise<ResetPasswordResult>;
  updateProfile: (changes: ProfileUpdate) => Promise<UpdateProfileResult>;
  /** Reads the session again, e.g. after turning two-factor sign-in on or off. */
  refresh: () => Promise<void>;
}

export interface AuthContextValue extends AuthActions {
  status: AuthStatus;
  user: AuthUser | null;
  session: SessionInfo | null;
  hasRole: (role: Role) => boolean;
  hasAnyRole: (roles: readonly Role[]) => boolean;
  hasPermission: (permission: Permission) => boolean;
  /** Whether the signed-in role may do what a shared policy names (`canHandleAlerts`, …). */
  allows: (policy: Policy) => boolean;
}
