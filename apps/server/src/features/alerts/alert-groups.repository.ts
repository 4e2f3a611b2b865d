import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AlertGroupRow, AlertRow, Database } from '../../db/schema';
import { alertRowsFrom, SYSTEM_ACTOR } from './alerts.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** When alerts of one kind in one city make a flood: more than `threshold` within `windowMs`. */
export type FloodRule = { threshold: number; windowMs: number };

/** One kind of alert in one city: what a group gathers. */
type Kind = { city_key: string; sensor_type: string | null; rule: string };

const kindKey = (k: Kind) => `${k.city_key}\u0000${k.sensor_type ?? ''}\u0000${k.rule}`;

/** The statuses of a member still needing attention. */
const ACTIVE = sql`('open', 'acknowledged')`;

/**
 * Puts newly raised alerts into their kind's active group in their city. A kind without one gets
 * one as soon as more than `rule.threshold` of its alerts, still active and in no group, were raised
 * within `rule.windowMs`: the group takes all of them in. Returns every alert that joined a group
 * (with its group) and the groups that changed, their figures brought up to date.
 */
export async function gatherFloods(
  trx: Transaction<Database>,
  raised: readonly AlertRow[],
  now: Date,
  rule: FloodRule,
): Promise<{ joined: AlertRow[]; groups: AlertGroupRow[] }> {
  // Alerts raised inside a maintenance window are nobody's to handle: they make no flood.
  raised = raised.filter((alert) => !alert.suppressed);
  if (raised.length === 0) return { joined: [], groups: [] };
  const kinds = await sql<Kind & { id: string }>`
    select a.id, a.city_key, s.type as sensor_type, a.rule
    from alerts a left join sensors s on s.id = a.sensor_id
    where a.id = any(${raised.map((a) => a.id)}::text[])`.execute(trx);
  const byKind = new Map<string, { kind: Kind; ids: string[] }>();
  for (const row of kinds.rows) {
    const key = kindKey(row);
    let entry = byKind.get(key);
    if (!entry) byKind.set(key, (entry = { kind: row, ids: [] }));
    entry.ids.push(row.id);
  }

  const joined: AlertRow[] = [];
  const changed: string[] = [];
  for (const { kind, ids } of byKind.values()) {
    let group = await activeGroupOf(trx, kind);
    let members = ids;
    if (!group) {
      const since = new Date(now.getTime() - rule.windowMs);
      const candidates = await sql<{ id: string }>`
        select a.id from alerts a left join sensors s on s.id = a.sensor_id
        where a.city_key = ${kind.city_key} and a.rule = ${kind.rule}
          and coalesce(s.type, '') = ${kind.sensor_type ?? ''}
          and a.created_at >= ${since} and a.status in ${ACTIVE} and a.group_id is null
          and not a.suppressed
        order by a.created_at, a.id`.execute(trx);
      if (candidates.rows.length <= rule.threshold) continue;
      members = candidates.rows.map((r) => r.id);
      group = await openGroup(trx, kind, members[0]!, now);
    }
    const rows = await sql<AlertRow>`
      update alerts set group_id = ${group.id}
      where id = any(${members}::text[]) and group_id is null
      returning *`.execute(trx);
    if (rows.rows.length === 0) continue;
    joined.push(...alertRowsFrom(rows.rows));
    changed.push(group.id);
    await sql`update alert_groups set last_joined_at = ${now} where id = ${group.id}`.execute(trx);
  }
  return { joined, groups: await refreshGroups(trx, changed, now) };
}

function activeGroupOf(trx: Transaction<Database>, kind: Kind) {
  return trx
    .selectFrom('alert_groups')
    .selectAll()
    .where('city_key', '=', kind.city_key)
    .where(sql<string>`coalesce(sensor_type, '')`, '=', kind.sensor_type ?? '')
    .where('rule', '=', kind.rule)
    .where('status', '<>', 'resolved')
    .forUpdate()
    .executeTakeFirst();
}

/** Makes the kind's active group, or takes the one another transaction has just made. */
async function openGroup(
  trx: Transaction<Database>,
  kind: Kind,
  leaderId: string,
  now: Date,
): Promise<AlertGroupRow> {
  const made = await sql<AlertGroupRow>`
    insert into alert_groups (id, city_key, sensor_type, rule, severity, leader_id, created_at,
      last_joined_at, updated_at)
    select ${randomUUID()}, ${kind.city_key}, ${kind.sensor_type}, ${kind.rule}, a.severity,
      a.id, ${now}, ${now}, ${now}
    from alerts a where a.id = ${leaderId}
    on conflict (city_key, coalesce(sensor_type, ''), rule) where status <> 'resolved' do nothing
    returning *`.execute(trx);
  return made.rows[0] ?? (await activeGroupOf(trx, kind))!;
}

/**
 * Brings groups' figures up to date from their members (how many, how many active, the worst
 * active severity, the highest active value), and resolves a group none of whose members is
 * active any more. Returns the groups as they now are.
 */
export async function refreshGroups(
  db: Db,
  ids: readonly string[],
  now: Date,
): Promise<AlertGroupRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<AlertGroupRow>`
    with figures as (
      select a.group_id, count(*)::int as members,
        count(*) filter (where a.status in ${ACTIVE})::int as active_members,
        max(case a.severity when 'critical' then 3 when 'high' then 2 when 'warning' then 1 else 0 end)
          filter (where a.status in ${ACTIVE}) as worst,
        max(a.value) filter (where a.status in ${ACTIVE}) as peak_value
      from alerts a
      where a.group_id = any(${[...new Set(ids)]}::text[])
      group by a.group_id
    )
    update alert_groups g set
      members = f.members,
      active_members = f.active_members,
      severity = coalesce((array['info', 'warning', 'high', 'critical'])[f.worst + 1], g.severity),
      peak_value = f.peak_value,
      updated_at = ${now},
      status = case when f.active_members = 0 then 'resolved' else g.status end,
      resolved_at = case when f.active_members = 0 and g.status <> 'resolved' then ${now}
        else g.resolved_at end,
      resolved_by = case when f.active_members = 0 and g.status <> 'resolved' then ${SYSTEM_ACTOR}
        else g.resolved_by end
    from figures f
    where g.id = f.group_id
    returning g.*`.execute(db);
  return result.rows;
}

export type GroupFilter = {
  city?: string;
  statuses: readonly string[];
  limit: number;
  /** Residents are not shown groups of alerts only operators act on. */
  hiddenRules?: readonly string[];
};

/** Groups, the most recently joined first. */
export function listGroups(db: Db, filter: GroupFilter): Promise<AlertGroupRow[]> {
  let query = db
    .selectFrom('alert_groups')
    .selectAll()
    .where('status', 'in', [...filter.statuses]);
  if (filter.city) query = query.where('city_key', '=', filter.city);
  if (filter.hiddenRules?.length) query = query.where('rule', 'not in', [...filter.hiddenRules]);
  return query.orderBy('last_joined_at', 'desc').orderBy('id').limit(filter.limit).execute();
}

export function findGroup(db: Db, id: string, forUpdate = false) {
  let query = db.selectFrom('alert_groups').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A page of a group's alerts in id order, after `afterId`. */
export async function listGroupMembers(
  db: Db,
  id: string,
  page: { afterId: string | null; limit: number },
): Promise<AlertRow[]> {
  let query = db.selectFrom('alerts').selectAll().where('group_id', '=', id);
  if (page.afterId) query = query.where('id', '>', page.afterId);
  return alertRowsFrom(await query.orderBy('id').limit(page.limit).execute());
}

/**
 * Moves a group and its members that are `from` to `to` (acknowledged or resolved) for a person,
 * one history entry per member, in one statement each. Returns the group as changed.
 */
export async function transitionGroup(
  trx: Transaction<Database>,
  group: AlertGroupRow,
  change: {
    from: readonly string[];
    to: 'acknowledged' | 'resolved';
    who: string;
    note: string | null;
  },
  now: Date,
): Promise<{ group: AlertGroupRow; members: number }> {
  const stamp =
    change.to === 'acknowledged'
      ? sql`acknowledged_at = ${now}, acknowledged_by = ${change.who}`
      : sql`resolved_at = ${now}, resolved_by = ${change.who}`;
  const action = change.to === 'acknowledged' ? 'acknowledge' : 'resolve';
  const moved = await sql<{ id: string }>`
    with prior as (
      select id, status from alerts
      where group_id = ${group.id} and status = any(${[...change.from]}::text[])
      for update
    ), moved as (
      update alerts a set status = ${change.to}, updated_at = ${now},
        note = coalesce(${change.note}, a.note), ${stamp}
      from prior p
      where a.id = p.id
      returning a.id, a.severity, p.status as prior
    ), history as (
      insert into alert_history (alert_id, action, from_status, to_status, severity, actor, note, at)
      select m.id, ${action}, m.prior, ${change.to}, m.severity, ${change.who}, ${change.note}, ${now}
      from moved m
    )
    select id from moved`.execute(trx);
  const updated = await sql<AlertGroupRow>`
    update alert_groups set status = ${change.to}, updated_at = ${now},
      note = coalesce(${change.note}, note), ${stamp}
    where id = ${group.id}
    returning *`.execute(trx);
  return { group: updated.rows[0]!, members: moved.rows.length };
}
