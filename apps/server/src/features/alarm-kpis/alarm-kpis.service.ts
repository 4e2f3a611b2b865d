import {
  ALARM_KPI_TOP_COUNT,
  ALARM_KPI_WINDOW_MS,
  ALARM_RATE_BUCKET_MS,
  EEMUA_MANAGEABLE_PER_10_MIN,
  EEMUA_OVER_DEMANDING_PER_10_MIN,
  STANDING_ALERT_AFTER_MS,
  type AlarmKpis,
  type AlarmKpisQuery,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  countAlertsPerBucket,
  countShelvedAlerts,
  countStandingAlerts,
  countWindowAlerts,
  floodSeconds,
  topAlerts,
} from './alarm-kpis.repository';

export type AlarmKpisService = ReturnType<typeof createAlarmKpisService>;

/**
 * The alarm KPIs of a city (one operator position) over the last 24 hours or 7 days, every figure
 * aggregated in the database.
 */
export function createAlarmKpisService(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db } = deps;
  return {
    async figures(query: AlarmKpisQuery): Promise<AlarmKpis> {
      const to = deps.now();
      const windowMs = ALARM_KPI_WINDOW_MS[query.window];
      const from = new Date(to.getTime() - windowMs);
      const window = { city: query.city, from, to };
      const raisedBefore = new Date(to.getTime() - STANDING_ALERT_AFTER_MS);
      const [counts, perBucket, top, standing, shelvedNow, flood] = await Promise.all([
        countWindowAlerts(db, window),
        countAlertsPerBucket(db, window, ALARM_RATE_BUCKET_MS),
        topAlerts(db, window, ALARM_KPI_TOP_COUNT),
        countStandingAlerts(db, query.city, raisedBefore, to),
        countShelvedAlerts(db, query.city, to),
        floodSeconds(db, window),
      ]);

      const bucketCount = Math.ceil(windowMs / ALARM_RATE_BUCKET_MS);
      const counted = new Map(perBucket.map((row) => [row.bucket, row.count]));
      const buckets = Array.from({ length: bucketCount }, (_, i) => ({
        at: new Date(from.getTime() + i * ALARM_RATE_BUCKET_MS).toISOString(),
        count: counted.get(i) ?? 0,
      }));
      // The latest of the busiest buckets: the one an operator most likely remembers.
      let peak: (typeof buckets)[number] | null = null;
      for (const bucket of buckets) {
        if (bucket.count > 0 && (!peak || bucket.count >= peak.count)) peak = bucket;
      }
      const floodMinutes = Math.min(flood, windowMs / 1000) / 60;

      return {
        city: query.city,
        window: query.window,
        from: from.toISOString(),
        to: to.toISOString(),
        announced: counts.announced,
        suppressed: counts.suppressed,
        rate: {
          averagePer10Min: counts.announced / bucketCount,
          peakPer10Min: peak?.count ?? 0,
          peakAt: peak?.at ?? null,
          manageable: EEMUA_MANAGEABLE_PER_10_MIN,
          overDemanding: EEMUA_OVER_DEMANDING_PER_10_MIN,
          buckets,
        },
        floodShare: Math.min(1, (floodMinutes * 60_000) / windowMs),
        floodMinutes,
        floodAlerts: counts.flood_alerts,
        top: top.map((row) => ({
          sensorId: row.sensor_id,
          rule: row.rule,
          location: row.location,
          title: row.title,
          count: row.count,
        })),
        standing: {
          count: standing.count,
          oldestAt: standing.oldest?.toISOString() ?? null,
          raisedBefore: raisedBefore.toISOString(),
        },
        shelvedNow,
        chattering: { alerts: counts.chattering_alerts, sensors: counts.chattering_sensors },
      };
    },
  };
}
