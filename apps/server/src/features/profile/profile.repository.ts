import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

/** A profile row with its account's e-mail address and demo flag. */
export type ProfileRecord = UserRow & { email: string; is_demo: boolean | null };

/** Column values of a profile change; undefined leaves a column as it is. */
export type ProfileChanges = {
  first_name?: string;
  last_name?: string;
  department?: string | null;
  phone?: string | null;
  avatar_url?: string | null;
  area?: string | null;
};

/** The profile of an account, or undefined when it has none. */
export function findProfile(
  db: Kysely<Database>,
  userId: string,
): Promise<ProfileRecord | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('auth_user', 'auth_user.id', 'users.id')
    .selectAll('users')
    .select(['auth_user.email', 'auth_user.is_demo'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/**
 * Applies a change to a profile and keeps the account's display name in step with the names.
 * Returns false when the account has no profile.
 */
export function updateProfile(
  db: Kysely<Database>,
  userId: string,
  changes: ProfileChanges,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', userId)
      .returning(['first_name', 'last_name'])
      .executeTakeFirst();
    if (!row) return false;
    if (changes.first_name !== undefined || changes.last_name !== undefined) {
      const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
      if (name) await trx.updateTable('auth_user').set({ name }).where('id', '=', userId).execute();
    }
    return true;
  });
}

/** What an account stored of its preferences: the switches it changed and its language. */
export type StoredPreferences = {
  notification_preferences: Record<string, unknown>;
  language: string | null;
};

/** An account's stored preferences, or undefined when it has no profile. */
export async function findPreferences(
  db: Kysely<Database>,
  userId: string,
): Promise<StoredPreferences | undefined> {
  return db
    .selectFrom('users')
    .select(['notification_preferences', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Merges changed preferences into an account's and sets its language when one is given; returns what
 * is stored after the change, or undefined without a profile.
 */
export async function updatePreferences(
  db: Kysely<Database>,
  userId: string,
  changes: { notifications: Record<string, unknown>; language?: string | undefined },
): Promise<StoredPreferences | undefined> {
  return db
    .updateTable('users')
    .set({
      notification_preferences: sql`notification_preferences || ${JSON.stringify(changes.notifications)}::jsonb`,
      ...(changes.language === undefined ? {} : { language: changes.language }),
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .returning(['notification_preferences', 'language'])
    .executeTakeFirst();
}
