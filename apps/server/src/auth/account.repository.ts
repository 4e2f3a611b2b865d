import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type AccountRecord = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: boolean | null;
  is_demo: boolean | null;
};

/** An account by id, with what access decisions need. */
export function findAccountById(
  db: Kysely<Database>,
  id: string,
): Promise<AccountRecord | undefined> {
  return db
    .selectFrom('auth_user')
    .select(['id', 'email', 'name', 'role', 'banned', 'is_demo'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether the account with this id is one of the built-in demo accounts. */
export async function isDemoAccountId(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_user')
    .select('is_demo')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.is_demo === true;
}

/** Whether the account with this e-mail address is one of the built-in demo accounts. */
export async function isDemoAccountEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_user')
    .select('is_demo')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.is_demo === true;
}

/** The e-mail address of the account with this username, lower-cased, or undefined. */
export async function findEmailByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_user')
    .select('email')
    .where('username', '=', username.trim().toLowerCase())
    .executeTakeFirst();
  return row?.email.toLowerCase();
}

/** Ends every session of the demo accounts; returns how many there were. */
export async function deleteDemoSessions(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('auth_session')
    .where('userId', 'in', db.selectFrom('auth_user').select('id').where('is_demo', '=', true))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
