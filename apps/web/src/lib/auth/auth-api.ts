import { AUTH_ADDRESSES, DEFAULT_ROLE, isRole, PROFILE_ADDRESSES } from '@smart-city/shared';
import { answerCheck, isRecord, isStringField } from '../answer-checks';
import { isUnauthorized, requestAt } from '../api-client';
import type { AuthUser, SessionInfo } from './auth-types';

interface SessionUser {
  id: string;
  email: string;
  name?: string | null;
  role?: string | null;
  isDemo?: boolean | null;
  twoFactorEnabled?: boolean | null;
  createdAt?: string | null;
}

interface CurrentSession {
  session: { id: string; expiresAt: string };
  user: SessionUser;
}

function isOptionalBoolean(value: unknown): boolean {
  return typeof value === 'boolean' || value === null || value === undefined;
}

function isSessionUser(user: unknown): user is SessionUser {
  return (
    isRecord(user) &&
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    ['name', 'role', 'createdAt'].every((key) => isStringField(user[key], true)) &&
    ['isDemo', 'twoFactorEnabled'].every((key) => isOptionalBoolean(user[key]))
  );
}

/** better-auth's get-session: null when signed out. Only the fields the app reads are checked. */
const sessionCheck = answerCheck(
  'a session',
  (data): data is CurrentSession | null =>
    data === null ||
    (isRecord(data) &&
      isRecord(data.session) &&
      typeof data.session.id === 'string' &&
      typeof data.session.expiresAt === 'string' &&
      isSessionUser(data.user)),
);

/** A profile as the contract's `userProfileSchema` describes it. */
export const profileCheck = answerCheck(
  'a profile',
  (data): data is AuthUser =>
    isRecord(data) &&
    ['id', 'email', 'createdAt'].every((key) => typeof data[key] === 'string') &&
    ['firstName', 'lastName', 'department', 'phone', 'avatarUrl', 'lastLogin'].every(
      (key) => data[key] === null || typeof data[key] === 'string',
    ) &&
    isRole(data.role) &&
    typeof data.isActive === 'boolean' &&
    typeof data.isDemoUser === 'boolean',
);

/** A signed-in account: the profile plus what the session says. */
export interface Account {
  user: AuthUser;
  session: SessionInfo;
}

/**
 * The app shape from the session alone, for an account whose profile cannot be read (a missing
 * profile must not lock anyone out): names split from the display name, least role.
 */
function userFromSession(user: SessionUser): AuthUser {
  const [first, ...rest] = (user.name ?? '').trim().split(/\s+/);

  return {
    id: user.id,
    email: user.email,
    firstName: first ? first : null,
    lastName: rest.length > 0 ? rest.join(' ') : null,
    role: isRole(user.role) ? user.role : DEFAULT_ROLE,
    department: null,
    phone: null,
    avatarUrl: null,
    area: null,
    isActive: true,
    lastLogin: null,
    createdAt: user.createdAt ?? new Date(0).toISOString(),
    isDemoUser: user.isDemo === true,
  };
}

/** The signed-in person in the app's shape. */
function fetchProfile(): Promise<AuthUser> {
  return requestAt(PROFILE_ADDRESSES.get, {}, { check: profileCheck });
}

/**
 * The current account: the session, then the profile. Null when signed out or when the profile
 * answers 401 (the session ended in between). Throws when the server cannot be reached.
 */
export async function fetchAccount(): Promise<Account | null> {
  const current = await requestAt(AUTH_ADDRESSES.getSession, {}, { check: sessionCheck });
  if (!current) return null;
  let user: AuthUser;
  try {
    user = await fetchProfile();
  } catch (error) {
    if (isUnauthorized(error)) return null;
    console.warn('The profile could not be read; showing the account from its session', error);
    user = userFromSession(current.user);
  }
  return {
    user,
    session: {
      id: current.session.id,
      expiresAt: current.session.expiresAt,
      twoFactorEnabled: current.user.twoFactorEnabled === true,
    },
  };
}
