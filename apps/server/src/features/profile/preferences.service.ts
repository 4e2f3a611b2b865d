import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  languageSchema,
  notificationPreferencesSchema,
  type Language,
  type NotificationPreferences,
  type Preferences,
  type UpdatePreferences,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findPreferences, updatePreferences, type StoredPreferences } from './profile.repository';

/**
 * The defaults with the person's own changes on top. Each stored preference is read on its own, so
 * one that no longer fits the contract falls back to its default without taking the others along.
 */
export function notificationPreferencesOf(
  stored: Record<string, unknown>,
): NotificationPreferences {
  const preferences: Record<string, unknown> = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const [key, schema] of Object.entries(notificationPreferencesSchema.shape)) {
    if (!Object.hasOwn(stored, key)) continue;
    const parsed = schema.safeParse(stored[key]);
    if (parsed.success) preferences[key] = parsed.data;
  }
  return preferences as NotificationPreferences;
}

/** The language an account chose, or null when it chose none (or one no longer offered). */
export function chosenLanguageOf(stored: string | null): Language | null {
  const language = languageSchema.safeParse(stored);
  return language.success ? language.data : null;
}

/** The defaults with the person's own changes on top, and the language they chose, if any. */
function present(stored: StoredPreferences | undefined): Preferences | null {
  if (stored === undefined) return null;
  return {
    notifications: notificationPreferencesOf(stored.notification_preferences),
    language: chosenLanguageOf(stored.language),
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
      );
      return present(
        await updatePreferences(db, userId, { notifications, language: update.language }),
      );
    },
  };
}
