import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** An active operator or admin, with what notifying them needs. */
export type StaffRecord = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: 'operator' | 'admin';
  /** The notification preferences the person changed from the defaults. */
  notification_preferences: Record<string, unknown>;
  /** The language the person chose for the app and their e-mails; null when they chose none. */
  language: string | null;
};

/** Active accounts (not banned, not deactivated), with what notifying them needs. */
function activeAccounts(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('auth_user', 'auth_user.id', 'users.id')
    .select([
      'users.id',
      'auth_user.name',
      'auth_user.email',
      'auth_user.username',
      'users.notification_preferences',
      'users.language',
    ])
    .where('users.is_active', '=', true)
    .where(sql<boolean>`coalesce(auth_user.banned, false) = false`);
}

/**
 * Active operators and admins (not banned, not deactivated), by name; `ids` or `usernames` narrow
 * the list to those accounts.
 */
export function listStaff(
  db: Db,
  only: { ids?: readonly string[]; usernames?: readonly string[] } = {},
): Promise<StaffRecord[]> {
  let query = activeAccounts(db)
    .select(sql<'operator' | 'admin'>`users.role`.as('role'))
    .where('users.role', 'in', ['operator', 'admin']);
  if (only.ids) {
    if (only.ids.length === 0) return Promise.resolve([]);
    query = query.where('users.id', 'in', [...only.ids]);
  }
  if (only.usernames) {
    if (only.usernames.length === 0) return Promise.resolve([]);
    query = query.where('auth_user.username', 'in', [...only.usernames]);
  }
  return query.orderBy('auth_user.name').orderBy('users.id').execute();
}

/** An active account of any role, with what notifying it needs. */
export type PersonRecord = Omit<StaffRecord, 'role'> & { role: string };

/** These active accounts, whatever their role (a report's followers are anyone). */
export function listPeople(db: Db, ids: readonly string[]): Promise<PersonRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return activeAccounts(db)
    .select('users.role')
    .where('users.id', 'in', [...ids])
    .orderBy('users.id')
    .execute();
}
