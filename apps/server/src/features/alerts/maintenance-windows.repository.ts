import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import {
  alertRowsFrom,
  insertRaisedAlerts,
  SYSTEM_ACTOR,
  type RaisedAlert,
} from './alerts.repository';
import type { AlertRow } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type MaintenanceWindowRow = {
  id: string;
  city_key: string;
  sensor_ids: string[] | null;
  type: string | null;
  area_key: string | null;
  area_lat: number | null;
  area_lng: number | null;
  area_radius_km: number | null;
  starts_at: Date;
  ends_at: Date;
  reason: string;
  created_by: string;
  created_at: Date;
};

/** Rows that came back from raw SQL: their times as Dates, as Kysely's own queries give them. */
function windowRowsFrom(rows: MaintenanceWindowRow[]): MaintenanceWindowRow[] {
  return rows.map((r) => ({
    ...r,
    starts_at: new Date(r.starts_at),
    ends_at: new Date(r.ends_at),
    created_at: new Date(r.created_at),
  }));
}

/** Stores a window; its sensors as an array, written the same way on every driver. */
export async function insertMaintenanceWindow(
  db: Db,
  w: MaintenanceWindowRow,
): Promise<MaintenanceWindowRow> {
  const result = await sql<MaintenanceWindowRow>`
    insert into maintenance_windows (id, city_key, sensor_ids, type, area_key, area_lat, area_lng,
      area_radius_km, starts_at, ends_at, reason, created_by, created_at)
    values (${w.id}, ${w.city_key}, ${w.sensor_ids}::text[], ${w.type}, ${w.area_key},
      ${w.area_lat}::float8, ${w.area_lng}::float8, ${w.area_radius_km}::float8,
      ${w.starts_at.toISOString()}::timestamptz, ${w.ends_at.toISOString()}::timestamptz,
      ${w.reason}, ${w.created_by}, ${w.created_at.toISOString()}::timestamptz)
    returning *`.execute(db);
  return windowRowsFrom(result.rows)[0]!;
}

/**
 * The windows of a city that end after `endedAfter`: the current and upcoming ones first, soonest
 * to start first, then those ended, the latest to end first.
 */
export async function listMaintenanceWindows(
  db: Db,
  city: string,
  now: Date,
  endedAfter: Date,
): Promise<MaintenanceWindowRow[]> {
  const result = await sql<MaintenanceWindowRow>`
    select * from maintenance_windows
    where city_key = ${city} and ends_at > ${endedAfter}
    order by (ends_at <= ${now}), case when ends_at > ${now} then starts_at end,
      ends_at desc, id`.execute(db);
  return windowRowsFrom(result.rows);
}

/** Removes a window; returns it, or undefined when there was none. */
export async function deleteMaintenanceWindow(
  db: Db,
  id: string,
): Promise<MaintenanceWindowRow | undefined> {
  const result = await sql<MaintenanceWindowRow>`
    delete from maintenance_windows where id = ${id} returning *`.execute(db);
  return windowRowsFrom(result.rows)[0];
}

/** Which of these ids are not sensors of the city, in one query however many are asked. */
export async function unknownSensorIds(
  db: Db,
  city: string,
  ids: readonly string[],
): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select u.id from unnest(${[...ids]}::text[]) with ordinality as u(id, n)
    where not exists (select 1 from sensors s where s.id = u.id and s.city_key = ${city})
    order by u.n`.execute(db);
  return result.rows.map((r) => r.id);
}

const KM_PER_DEGREE = 111.32;

/**
 * For each of these sensors covered by a window at `now`, the latest end of those covering it, in
 * one statement however many sensors are asked. A window covers a sensor of its city that is one
 * of its named sensors (if it names any), of its type (if any) and within its area's circle (if
 * any), measured on a flat map as the home screen measures its areas.
 */
export async function maintenanceCoverage(
  db: Db,
  sensorIds: readonly string[],
  now: Date,
): Promise<Map<string, Date>> {
  if (sensorIds.length === 0) return new Map();
  // The windows active now are few (usually none), and read first: with none, the sensors are not.
  const result = await sql<{ sensor_id: string; until: Date | string }>`
    with active as materialized (
      select * from maintenance_windows where ends_at > ${now} and starts_at <= ${now}
    )
    select s.id as sensor_id, max(w.ends_at) as until
    from active w
    join sensors s on s.city_key = w.city_key
    join unnest(${[...sensorIds]}::text[]) as u(id) on u.id = s.id
    where (w.sensor_ids is null or s.id = any(w.sensor_ids))
      and (w.type is null or w.type = s.type)
      and (w.area_key is null or
        power((s.lat - w.area_lat) * ${KM_PER_DEGREE}::float8, 2)
          + power((s.lng - w.area_lng) * ${KM_PER_DEGREE}::float8 * cos(radians(w.area_lat)), 2)
          <= w.area_radius_km * w.area_radius_km)
    group by s.id`.execute(db);
  return new Map(result.rows.map((r) => [r.sensor_id, new Date(r.until)]));
}

/**
 * Marks the alerts about to be raised whose sensor a maintenance window covers at `now` as
 * suppressed: they are stored and can be listed, but are not shown, announced nor escalated. One
 * query for the whole batch.
 */
async function markSuppressed(db: Db, raised: RaisedAlert[], now: Date): Promise<RaisedAlert[]> {
  const covered = await maintenanceCoverage(db, [...new Set(raised.map((a) => a.sensor_id))], now);
  if (covered.size === 0) return raised;
  return raised.map((a) => (covered.has(a.sensor_id) ? { ...a, suppressed: true } : a));
}

/**
 * Inserts the alerts the engine or the offline check raise, those of sensors in maintenance as
 * suppressed: the one way new alerts are stored, so no path can forget the windows.
 */
export async function insertRaisedMarkingSuppressed(
  trx: Transaction<Database>,
  raised: RaisedAlert[],
  now: Date,
): Promise<AlertRow[]> {
  return insertRaisedAlerts(trx, await markSuppressed(trx, raised, now), now);
}

/**
 * Active alerts raised inside a maintenance window that no window covers any more at `now`: the
 * work is over and the sensor is still out of range (or silent), so they are shown from now on,
 * their escalation counting its steps from now, each with a history entry saying why. The alerts
 * still suppressed are few (a window's), read through their own index.
 */
export async function endSuppressions(
  trx: Transaction<Database>,
  now: Date,
  note: string,
): Promise<AlertRow[]> {
  const suppressed = await trx
    .selectFrom('alerts')
    .select(['id', 'sensor_id'])
    .where('suppressed', '=', true)
    .where(sql<boolean>`status in ('open', 'acknowledged')`)
    .execute();
  if (suppressed.length === 0) return [];
  const covered = await maintenanceCoverage(
    trx,
    suppressed.flatMap((a) => (a.sensor_id ? [a.sensor_id] : [])),
    now,
  );
  const ids = suppressed.filter((a) => !a.sensor_id || !covered.has(a.sensor_id)).map((a) => a.id);
  if (ids.length === 0) return [];
  const result = await sql<AlertRow>`
    with shown as (
      update alerts set suppressed = false, severity_since = ${now}, updated_at = ${now}
      where id = any(${ids}::text[]) and suppressed and status in ('open', 'acknowledged')
      returning *
    ), history as (
      insert into alert_history (alert_id, action, from_status, to_status, severity, actor, note, at)
      select id, 'maintenance-ended', status, status, severity, ${SYSTEM_ACTOR}, ${note}, ${now}
      from shown
    )
    select * from shown`.execute(trx);
  return alertRowsFrom(result.rows);
}
