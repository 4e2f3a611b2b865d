import type { Role } from '@smart-city/shared';
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

/** A profile row with its account's e-mail address and demo flag. */
export type ProfileRecord = UserRow & { email: string; is_demo: boolean | null };

export type NewProfile = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  department: string | null;
  role: Role;
};

/** Column values of a profile change; undefined leaves a column as it is. */
export type ProfileChanges = {
  first_name?: string;
  last_name?: string;
  department?: string | null;
  phone?: string | null;
  avatar_url?: string | null;
};

/** Creates the profile of a new account; does nothing when it exists already. */
export async function insertProfile(db: Kysely<Database>, profile: NewProfile): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: profile.id,
      first_name: profile.firstName,
      last_name: profile.lastName,
      department: profile.department,
      role: profile.role,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

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

/** Mirrors an account's role and ban onto its profile; writes only when something differs. */
export async function syncProfileAccess(
  db: Kysely<Database>,
  userId: string,
  access: { role: Role; isActive: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: access.role, is_active: access.isActive, updated_at: sql`now()` })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('role', '<>', access.role), eb('is_active', '<>', access.isActive)]))
    .execute();
}

/** Records when an account last signed in. */
export async function recordLastLogin(
  db: Kysely<Database>,
  userId: string,
  at: Date,
): Promise<void> {
  await db.updateTable('users').set({ last_login: at }).where('id', '=', userId).execute();
}

/** Removes the profile of a deleted account. */
export async function deleteProfile(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** The notification switches an account changed, or undefined when it has no profile. */
export async function findNotificationPreferences(
  db: Kysely<Database>,
  userId: string,
): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('users')
    .select('notification_preferences')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.notification_preferences;
}

/** Merges changed switches into an account's; returns all it changed, or undefined without a profile. */
export async function mergeNotificationPreferences(
  db: Kysely<Database>,
  userId: string,
  changes: Record<string, boolean>,
): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .updateTable('users')
    .set({
      notification_preferences: sql`notification_preferences || ${JSON.stringify(changes)}::jsonb`,
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .returning('notification_preferences')
    .executeTakeFirst();
  return row?.notification_preferences;
}
