import { statusesOf, type AlertSeverity, type AlertStatusFilter } from '@smart-city/shared';
import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { AlertHistoryRow, AlertRow, AlertsTable, Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const ACTIVE = ['open', 'acknowledged'];

export type AlertFilter = {
  city?: string;
  status?: AlertStatusFilter;
  severity?: AlertSeverity;
  q?: string;
  limit: number;
};

/** Alerts whose title, message, sensor id or location contain `q`, case-insensitively. */
function containingText(q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return (eb: ExpressionBuilder<Database, 'alerts'>) =>
    eb.or([
      eb('title', 'ilike', pattern),
      eb('message', 'ilike', pattern),
      eb('sensor_id', 'ilike', pattern),
      eb('location', 'ilike', pattern),
    ]);
}

/** Alerts newest first; `q` matches title, message, sensor id or location, case-insensitively. */
export function listAlerts(db: Db, filter: AlertFilter): Promise<AlertRow[]> {
  let query = db.selectFrom('alerts').selectAll();
  if (filter.city) query = query.where('city_key', '=', filter.city);
  if (filter.status) query = query.where('status', 'in', statusesOf(filter.status));
  if (filter.severity) query = query.where('severity', '=', filter.severity);
  if (filter.q) query = query.where(containingText(filter.q));
  return query.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).execute();
}

/**
 * How many alerts of the city match `q`, per severity and status pair. The counts read the same
 * text match as the list, so a count and the list it stands for never disagree.
 */
export function countAlertsBySeverityAndStatus(
  db: Db,
  filter: { city?: string; q?: string },
): Promise<{ severity: string; status: string; count: number }[]> {
  let query = db
    .selectFrom('alerts')
    .select(['severity', 'status', sql<number>`count(*)::int`.as('count')])
    .groupBy(['severity', 'status']);
  if (filter.city) query = query.where('city_key', '=', filter.city);
  if (filter.q) query = query.where(containingText(filter.q));
  return query.execute();
}

export function findAlert(db: Db, id: string, forUpdate = false): Promise<AlertRow | undefined> {
  const query = db.selectFrom('alerts').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The open or acknowledged alerts of these sensors. */
export function findActiveAlertsForSensors(db: Db, sensorIds: string[]): Promise<AlertRow[]> {
  if (sensorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('sensor_id', 'in', sensorIds)
    .where('status', 'in', ACTIVE)
    .execute();
}

export function insertAlert(db: Db, alert: Insertable<AlertsTable>): Promise<AlertRow> {
  return db.insertInto('alerts').values(alert).returningAll().executeTakeFirstOrThrow();
}

export function updateAlert(
  db: Db,
  id: string,
  change: Updateable<AlertsTable>,
  onlyFromStatuses?: readonly string[],
): Promise<AlertRow | undefined> {
  let query = db.updateTable('alerts').set(change).where('id', '=', id);
  if (onlyFromStatuses) query = query.where('status', 'in', [...onlyFromStatuses]);
  return query.returningAll().executeTakeFirst();
}

/** Records one change of an alert. */
export async function insertHistory(
  db: Db,
  entry: Omit<AlertHistoryRow, 'id' | 'at'> & { at: Date },
): Promise<void> {
  await db.insertInto('alert_history').values(entry).execute();
}

export function listHistory(db: Db, alertId: string): Promise<AlertHistoryRow[]> {
  return db
    .selectFrom('alert_history')
    .selectAll()
    .where('alert_id', '=', alertId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** Active sensors silent since before `silentSince`, now marked offline (with their previous reading time). */
export async function markSilentSensorsOffline(db: Db, silentSince: Date, now: Date) {
  const result = await sql<{
    id: string;
    name: string;
    city_key: string;
    location: string;
    metadata: Record<string, unknown>;
    last_reading: Date | string;
  }>`
    update sensors set status = 'offline', updated_at = ${now}
    where status = 'active' and last_reading is not null and last_reading < ${silentSince}
    returning id, name, city_key, location, metadata, last_reading`.execute(db);
  return result.rows.map((r) => ({ ...r, last_reading: new Date(r.last_reading) }));
}

/** Active alerts back in range since before `inRangeSince`: due to resolve themselves. */
export function findAlertsDueToResolve(db: Db, inRangeSince: Date): Promise<AlertRow[]> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('status', 'in', ACTIVE)
    .where('in_range_since', '<=', inRangeSince)
    .forUpdate()
    .execute();
}

/** Brings many active alerts up to date with their sensor's latest reading in one statement. */
export async function touchAlerts(
  db: Db,
  touches: {
    id: string;
    title: string;
    message: string;
    value: number;
    inRangeSince: Date | null;
  }[],
  now: Date,
): Promise<AlertRow[]> {
  if (touches.length === 0) return [];
  const result = await sql<AlertRow>`
    update alerts a set title = t.title, message = t.message, value = t.value,
      in_range_since = t.in_range_since, updated_at = ${now}
    from unnest(${touches.map((t) => t.id)}::text[], ${touches.map((t) => t.title)}::text[],
      ${touches.map((t) => t.message)}::text[], ${touches.map((t) => t.value)}::float8[],
      ${touches.map((t) => t.inRangeSince?.toISOString() ?? null)}::timestamptz[])
      as t(id, title, message, value, in_range_since)
    where a.id = t.id and a.status in ('open', 'acknowledged')
    returning a.*`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
    in_range_since: r.in_range_since && new Date(r.in_range_since),
    acknowledged_at: r.acknowledged_at && new Date(r.acknowledged_at),
    resolved_at: r.resolved_at && new Date(r.resolved_at),
  }));
}
