import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The stored secret of that name; when none is stored yet, `candidate` is stored and returned. When
 * several processes start at once, the first insert wins and every process reads the same value.
 */
export async function getOrCreateServerSecret(
  db: Kysely<Database>,
  name: string,
  candidate: string,
): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
