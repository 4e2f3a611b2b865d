import { OPEN_DATA_WINDOW_S } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addRateCounts, forgetRateCounts } from './rate-counts.repository';
import { createRateLimiter } from './rate-limit';

/**
 * The open data's requests per client, counted here and summed with the other processes' on the
 * database (`exchange`, every second). Counted by the wall clock whatever clock the data keep: a
 * limit is about real seconds.
 */
export function createOpenDataLimits(db: Kysely<Database>) {
  return createRateLimiter({
    windowS: OPEN_DATA_WINDOW_S,
    now: Date.now,
    shared: {
      add: (windowStart, clients, counts) => addRateCounts(db, windowStart, clients, counts),
      forget: (before) => forgetRateCounts(db, before),
    },
  });
}
