import type { AuthUser } from './auth-types';

/**
 * The name shown for a user: first and last name, else the part of the e-mail before '@',
 * else null so the caller can show the translated 'User'.
 */
export function displayNameOf(user: AuthUser | null): string | null {
  if (!user) return null;
  const fullName = [user.firstName, user.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
  if (fullName) return fullName;
  const localPart = user.email.split('@')[0]?.trim();
  return localPart ? localPart : null;
}

/** The translation key of a role's label; unknown roles (the backend's "viewer") read as Citizen. */
export function roleLabelKey(
  role: string | null | undefined,
): 'user.roles.admin' | 'user.roles.operator' | 'user.roles.citizen' {
  if (role === 'admin') return 'user.roles.admin';
  if (role === 'operator') return 'user.roles.operator';
  return 'user.roles.citizen';
}
