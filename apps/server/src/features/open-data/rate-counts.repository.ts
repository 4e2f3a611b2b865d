import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Adds each client's requests counted since the last time to its count of the window, and answers
 * every one of those clients' totals over all processes.
 */
export async function addRateCounts(
  db: Kysely<Database>,
  windowStart: Date,
  clients: readonly string[],
  counts: readonly number[],
): Promise<{ client: string; count: number }[]> {
  const { rows } = await sql<{ client: string; count: number }>`
    insert into open_data_rate_counts as c (client, window_start, count)
    select client, ${windowStart}::timestamptz, n
    from unnest(${clients}::text[], ${counts}::int[]) as u(client, n)
    order by client
    on conflict (client, window_start) do update set count = c.count + excluded.count
    returning client, count`.execute(db);
  return rows.map((r) => ({ client: r.client, count: Number(r.count) }));
}

/** Forgets the counts of windows that started before `before`. */
export async function forgetRateCounts(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('open_data_rate_counts')
    .where('window_start', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
