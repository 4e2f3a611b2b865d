import type { AlertFacts } from '@smart-city/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AlertPendingRow, AlertRow, Database } from '../../db/schema';
import { alertRowsFrom, findActiveAlertsForSensors } from './alerts.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** The key of a sensor's rule in the engine's maps. */
export const ruleKey = (sensorId: string, rule: string) => `${sensorId}\u0000${rule}`;

/**
 * The active alerts of these sensors (locked, as findActiveAlertsForSensors) and their rules waiting
 * out an on-delay (locked too), in one query: a batch pays no more for the on-delays than it paid
 * for the active alerts. Without `withPending` only the alerts are read.
 */
export async function findAlertStateForSensors(
  db: Db,
  sensorIds: string[],
  withPending: boolean,
): Promise<{ active: AlertRow[]; pending: AlertPendingRow[] }> {
  if (!withPending || sensorIds.length === 0) {
    return { active: await findActiveAlertsForSensors(db, sensorIds), pending: [] };
  }
  // Locked in one order (alerts, then the pending rows), as a concurrent batch of the same sensors
  // takes them; the two kinds of row come back as JSON, told apart by `kind`.
  const result = await sql<{ kind: 'alert' | 'pending'; row: Record<string, unknown> }>`
    with active as (
      select * from alerts
      where sensor_id = any(${sensorIds}::text[]) and status in ('open', 'acknowledged')
      order by sensor_id, rule
      for update
    ), pending as (
      select * from alert_pending
      where sensor_id = any(${sensorIds}::text[])
      order by sensor_id, rule
      for update
    )
    select 'alert' as kind, to_jsonb(active) as row from active
    union all
    select 'pending' as kind, to_jsonb(pending) as row from pending`.execute(db);
  const active: AlertRow[] = [];
  const pending: AlertPendingRow[] = [];
  for (const { kind, row } of result.rows) {
    if (kind === 'alert') active.push(row as AlertRow);
    else {
      const p = row as AlertPendingRow;
      pending.push({
        ...p,
        since: new Date(p.since),
        worst_at: new Date(p.worst_at),
        updated_at: new Date(p.updated_at),
      });
    }
  }
  return { active: alertRowsFrom(active), pending };
}

/** A rule waiting out its on-delay, as the engine leaves it after a batch. */
export type PendingWrite = Omit<AlertPendingRow, 'updated_at' | 'facts'> & { facts: AlertFacts };

/**
 * Writes what a batch did to the rules waiting out an on-delay: `gone` (back in range, or raised)
 * are deleted and `kept` inserted or updated, in one statement; nothing when there is nothing to do.
 * The two never share a key.
 */
export async function writePending(
  db: Db,
  gone: readonly { sensor_id: string; rule: string }[],
  kept: readonly PendingWrite[],
  now: Date,
): Promise<void> {
  if (gone.length === 0 && kept.length === 0) return;
  const col = <T, R>(rows: readonly T[], pick: (r: T) => R) => rows.map(pick);
  const deleted = sql`delete from alert_pending p
    using unnest(${col(gone, (g) => g.sensor_id)}::text[], ${col(gone, (g) => g.rule)}::text[])
      as d(sensor_id, rule)
    where p.sensor_id = d.sensor_id and p.rule = d.rule`;
  if (kept.length === 0) {
    await deleted.execute(db);
    return;
  }
  const upsert = sql`insert into alert_pending
      (sensor_id, rule, since, severity, value, title, message, facts, worst_at, updated_at)
    select sensor_id, rule, since, severity, value, title, message, facts::jsonb, worst_at, ${now}
    from unnest(${col(kept, (k) => k.sensor_id)}::text[], ${col(kept, (k) => k.rule)}::text[],
      ${col(kept, (k) => k.since.toISOString())}::timestamptz[],
      ${col(kept, (k) => k.severity)}::text[], ${col(kept, (k) => k.value)}::float8[],
      ${col(kept, (k) => k.title)}::text[], ${col(kept, (k) => k.message)}::text[],
      ${col(kept, (k) => JSON.stringify(k.facts))}::text[],
      ${col(kept, (k) => k.worst_at.toISOString())}::timestamptz[])
      as u(sensor_id, rule, since, severity, value, title, message, facts, worst_at)
    on conflict (sensor_id, rule) do update set
      since = excluded.since, severity = excluded.severity, value = excluded.value,
      title = excluded.title, message = excluded.message, facts = excluded.facts,
      worst_at = excluded.worst_at,
      updated_at = excluded.updated_at`;
  if (gone.length === 0) {
    await upsert.execute(db);
    return;
  }
  await sql`with gone as (${deleted}) ${upsert}`.execute(db);
}
