/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * The report figures of a window read a city's reports made in it (reports_city_created_idx), open
 * now (reports_open_due_idx) and ended in it: a report made months before and closed last week is
 * found by when it ended, without reading every report the city ever had.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index reports_city_closed_idx on reports (city_key, closed_at)
    where closed_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reports_city_closed_idx').execute();
}
