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

/**
 * Active operators and admins (not banned, not deactivated), by name; `ids` or `usernames` narrow
 * the list to those accounts.
 */
export function listStaff(
  db: Db,
  only: { ids?: readonly string[]; usernames?: readonly string[] } = {},
): Promise<StaffRecord[]> {
  let query = db
    .selectFrom('users')
    .innerJoin('auth_user', 'auth_user.id', 'users.id')
    .select([
      'users.id',
      'auth_user.name',
      'auth_user.email',
      'auth_user.username',
      sql<'operator' | 'admin'>`users.role`.as('role'),
      'users.notification_preferences',
      'users.language',
    ])
    .where('users.role', 'in', ['operator', 'admin'])
    .where('users.is_active', '=', true)
    .where(sql<boolean>`coalesce(auth_user.banned, false) = false`);
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
