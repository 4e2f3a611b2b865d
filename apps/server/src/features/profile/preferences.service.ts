import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferencesSchema,
  type NotificationPreferences,
  type Preferences,
  type UpdatePreferences,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findNotificationPreferences, mergeNotificationPreferences } from './profile.repository';

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

function present(stored: Record<string, unknown> | undefined): Preferences | null {
  if (stored === undefined) return null;
  return { notifications: notificationPreferencesOf(stored) };
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
      );
      return present(await mergeNotificationPreferences(db, userId, changes));
    },
  };
}
