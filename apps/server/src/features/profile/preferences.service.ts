import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  languageSchema,
  notificationPreferencesSchema,
  type Preferences,
  type UpdatePreferences,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findPreferences, updatePreferences, type StoredPreferences } from './profile.repository';

const storedSwitches = notificationPreferencesSchema.partial();

/** The defaults with the person's own changes on top, and the language they chose, if any. */
function present(stored: StoredPreferences | undefined): Preferences | null {
  if (stored === undefined) return null;
  const changed = storedSwitches.safeParse(stored.notification_preferences);
  const language = languageSchema.safeParse(stored.language);
  return {
    notifications: {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      ...(changed.success ? changed.data : {}),
    },
    language: language.success ? language.data : null,
  };
}

export type PreferencesService = {
  /** An account's preferences, or null when it has no profile. */
  get: (userId: string) => Promise<Preferences | null>;
  /** Changes some switches and the language; null when the account has no profile. */
  update: (userId: string, update: UpdatePreferences) => Promise<Preferences | null>;
};

/** Reads and changes the signed-in person's notification switches and language. */
export function createPreferencesService(db: Kysely<Database>): PreferencesService {
  return {
    async get(userId) {
      return present(await findPreferences(db, userId));
    },
    async update(userId, update) {
      const notifications = Object.fromEntries(
        Object.entries(update.notifications ?? {}).filter(([, value]) => value !== undefined),
      ) as Record<string, boolean>;
      return present(
        await updatePreferences(db, userId, { notifications, language: update.language }),
      );
    },
  };
}
