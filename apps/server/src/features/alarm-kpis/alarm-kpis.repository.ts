import { FLOOD_WINDOW_MS } from '@smart-city/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A city over a stretch of time: alerts raised at or after `from` and before `to`. */
export type KpiWindow = { city: string; from: Date; to: Date };

/**
 * How many alerts the city raised in the window: announced (outside any maintenance window) and
 * suppressed, and of the announced ones how many chattered (and on how many sensors) and how many
 * joined a flood group. One pass over the city's index range of the window.
 */
export async function countWindowAlerts(db: Kysely<Database>, window: KpiWindow) {
  const result = await sql<{
    announced: number;
    suppressed: number;
    chattering_alerts: number;
    chattering_sensors: number;
    flood_alerts: number;
  }>`
    select
      (count(*) filter (where not suppressed))::int as announced,
      (count(*) filter (where suppressed))::int as suppressed,
      (count(*) filter (where chattering and not suppressed))::int as chattering_alerts,
      (count(distinct sensor_id) filter (where chattering and not suppressed))::int
        as chattering_sensors,
      (count(*) filter (where group_id is not null and not suppressed))::int as flood_alerts
    from alerts
    where city_key = ${window.city}
      and created_at >= ${window.from}::timestamptz and created_at < ${window.to}::timestamptz`.execute(
    db,
  );
  return result.rows[0]!;
}

/**
 * The announced alerts of the window per bucket of `bucketMs` from `from` (bucket 0 first); buckets
 * without any alert are not returned.
 */
export async function countAlertsPerBucket(
  db: Kysely<Database>,
  window: KpiWindow,
  bucketMs: number,
): Promise<{ bucket: number; count: number }[]> {
  const result = await sql<{ bucket: number; count: number }>`
    select floor(extract(epoch from (created_at - ${window.from}::timestamptz)) * 1000
        / ${bucketMs})::int as bucket,
      count(*)::int as count
    from alerts
    where city_key = ${window.city}
      and created_at >= ${window.from}::timestamptz and created_at < ${window.to}::timestamptz
      and not suppressed
    group by 1
    order by 1`.execute(db);
  return result.rows;
}

/**
 * The most frequent announced alerts of the window by sensor and rule, the most raised first (then
 * the most recently raised, then by sensor and rule, so the order never reshuffles), with the
 * location and title of each one's latest alert.
 */
export async function topAlerts(db: Kysely<Database>, window: KpiWindow, limit: number) {
  const result = await sql<{
    sensor_id: string;
    rule: string;
    count: number;
    location: string | null;
    title: string;
  }>`
    select sensor_id, rule, count(*)::int as count,
      (array_agg(location order by created_at desc, id))[1] as location,
      (array_agg(title order by created_at desc, id))[1] as title
    from alerts
    where city_key = ${window.city}
      and created_at >= ${window.from}::timestamptz and created_at < ${window.to}::timestamptz
      and not suppressed and sensor_id is not null
    group by sensor_id, rule
    order by count(*) desc, max(created_at) desc, sensor_id, rule
    limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * The city's standing alerts: active (open or acknowledged), neither shelved at `now` nor
 * suppressed, raised before `raisedBefore`; how many, and when the oldest was raised. The same
 * alerts `GET /api/alerts?status=active&raisedBefore=` lists.
 */
export async function countStandingAlerts(
  db: Kysely<Database>,
  city: string,
  raisedBefore: Date,
  now: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const result = await sql<{ count: number; oldest: Date | string | null }>`
    select count(*)::int as count, min(created_at) as oldest
    from alerts
    where city_key = ${city} and created_at < ${raisedBefore}::timestamptz
      and status in ('open', 'acknowledged') and not suppressed
      and (shelved_until is null or shelved_until <= ${now}::timestamptz)`.execute(db);
  const row = result.rows[0]!;
  return { count: row.count, oldest: row.oldest === null ? null : new Date(row.oldest) };
}

/** How many of the city's alerts are shelved at `now`: those `GET /api/alerts?status=shelved` lists. */
export async function countShelvedAlerts(
  db: Kysely<Database>,
  city: string,
  now: Date,
): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*)::int as count
    from alerts
    where shelved_until > ${now}::timestamptz and city_key = ${city}
      and status in ('open', 'acknowledged') and not suppressed`.execute(db);
  return result.rows[0]!.count;
}

/**
 * How many seconds of the window the city spent in flood: the union of the times its flood groups
 * were flooding, clipped to the window. A group floods from when it was made until FLOOD_WINDOW_MS
 * after an alert last joined it (as `isFlooding` judges it), or until it was resolved if sooner.
 * Overlapping groups (two kinds flooding at once) count once: the intervals are merged in SQL.
 */
export async function floodSeconds(db: Kysely<Database>, window: KpiWindow): Promise<number> {
  const floodFor = sql`(${FLOOD_WINDOW_MS} * interval '1 millisecond')`;
  const result = await sql<{ seconds: number | string }>`
    with spans as (
      select greatest(created_at, ${window.from}::timestamptz) as s,
        least(last_joined_at + ${floodFor}, coalesce(resolved_at, ${window.to}::timestamptz),
          ${window.to}::timestamptz) as e
      from alert_groups
      where city_key = ${window.city} and created_at < ${window.to}::timestamptz
        and last_joined_at + ${floodFor} > ${window.from}::timestamptz
    ), ordered as (
      select s, e,
        max(e) over (order by s, e rows between unbounded preceding and 1 preceding) as reached
      from spans
      where e > s
    ), islands as (
      select s, e,
        sum(case when reached is null or s > reached then 1 else 0 end)
          over (order by s, e rows unbounded preceding) as island
      from ordered
    )
    select coalesce(sum(extract(epoch from (island_end - island_start))), 0)::float8 as seconds
    from (select min(s) as island_start, max(e) as island_end from islands group by island) merged`.execute(
    db,
  );
  return Number(result.rows[0]!.seconds);
}
