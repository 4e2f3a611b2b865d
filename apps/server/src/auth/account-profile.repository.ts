import type { Role } from '@smart-city/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The account's side of the `users` profile table: a row per account, created and removed with it,
// with the role, ban and last sign-in mirrored. The profile feature reads it and edits the person's
// own fields.

export type NewProfile = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  department: string | null;
  role: Role;
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

/** The language an account chose for the app and its e-mails; null when it chose none. */
export async function findAccountLanguage(
  db: Kysely<Database>,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.language ?? null;
}
