import type { TFunction } from 'i18next';
import type { AuthUser } from '../../lib/auth/auth-types';
import { displayNameOf, roleLabelKey } from '../../lib/auth/display-name';

/** Name and role label for the sidebar and the user menu. */
export function userIdentity(user: AuthUser | null, t: TFunction): { name: string; role: string } {
  return { name: displayNameOf(user) ?? t('user.fallbackName'), role: t(roleLabelKey(user?.role)) };
}
