import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Claims a piece of starter content for this start: true when it had never been given (and is now
 * marked as given), false when an earlier start, or another process of this one, gave it already.
 */
export async function claimStarterContent(
  db: Kysely<Database>,
  name: string,
  at: Date,
): Promise<boolean> {
  const claimed = await db
    .insertInto('starter_content')
    .values({ name, seeded_at: at })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Gives a claim back, so that a piece that failed to be written is tried again on the next start. */
export async function releaseStarterContent(db: Kysely<Database>, name: string): Promise<void> {
  await db.deleteFrom('starter_content').where('name', '=', name).execute();
}

/** The account with this e-mail address, as starter content names its author. */
export function findAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<{ id: string; name: string; email: string; role: string | null } | undefined> {
  return db
    .selectFrom('auth_user')
    .select(['id', 'name', 'email', 'role'])
    .where('email', '=', email)
    .executeTakeFirst();
}
