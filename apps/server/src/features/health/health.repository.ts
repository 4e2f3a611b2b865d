import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The spec's connection check: a count read of sensors limited to one row. */
export async function countOneSensor(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom(db.selectFrom('sensors').select('id').limit(1).as('one'))
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}
