import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferencesSchema,
  type Preferences,
  type UpdatePreferences,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findNotificationPreferences, mergeNotificationPreferences } from './profile.repository';

const storedSwitches = notificationPreferencesSchema.partial();

/** The defaults with the person's own changes on top. */
function present(stored: Record<string, unknown> | undefined): Preferences | null {
  if (stored === undefined) return null;
  const changed = storedSwitches.safeParse(stored);
  return {
    notifications: {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      ...(changed.success ? changed.data : {}),
    },
  };
}

export type PreferencesService = {
  /** An account's preferences, or null when it has no profile. */
  get: (userId: string) => Promise<Preferences | null>;
  /** Changes some switches; null when the account has no profile. */
  update: (userId: string, update: UpdatePreferences) => Promise<Preferences | null>;
};

/** Reads and changes the signed-in person's notification preferences. */
export function createPreferencesService(db: Kysely<Database>): PreferencesService {
  return {
    async get(userId) {
      return present(await findNotificationPreferences(db, userId));
    },
    async update(userId, update) {
      const changes = Object.fromEntries(
        Object.entries(update.notifications).filter(([, value]) => value !== undefined),
      ) as Record<string, boolean>;
      return present(await mergeNotificationPreferences(db, userId, changes));
    },
  };
}
