import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import { startPeriodicJob } from '../lib/periodic-job';
import type { Database } from './schema';

/** How often the kept counts' net changes are folded into one row per key. */
const KEPT_COUNTS_COMPACT_INTERVAL_MS = 60_000;

/**
 * Folds the net changes the sensors' and alerts' triggers appended (migration 0029) into one row
 * per key, dropping keys that add up to nothing: a reader then sums a handful of rows per city. Rows
 * a writer has not committed yet are not seen and stay for the next run; two runs at once each fold
 * only the rows they deleted, so nothing is counted twice or lost.
 */
export async function compactKeptCounts(db: Kysely<Database>): Promise<void> {
  await sql`
    with gone as (delete from sensor_counts returning *)
    insert into sensor_counts (city_key, type, status, n)
    select city_key, type, status, sum(n) from gone group by 1, 2, 3 having sum(n) <> 0`.execute(
    db,
  );
  await sql`
    with gone as (delete from alert_counts returning *)
    insert into alert_counts (city_key, sensor_type, rule, severity, status, shelved, suppressed, n)
    select city_key, sensor_type, rule, severity, status, shelved, suppressed, sum(n)
    from gone group by 1, 2, 3, 4, 5, 6, 7 having sum(n) <> 0`.execute(db);
}

/** Compacts the kept counts every minute. */
export function startKeptCountsJob(deps: {
  db: Kysely<Database>;
  logger: Logger;
  intervalMs?: number;
}): { stop: () => void } {
  return startPeriodicJob({
    name: 'compacting kept counts',
    intervalMs: deps.intervalMs ?? KEPT_COUNTS_COMPACT_INTERVAL_MS,
    logger: deps.logger,
    work: () => compactKeptCounts(deps.db),
  });
}
