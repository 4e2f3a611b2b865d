import {
  CHATTERING_REOPENS_PER_HOUR,
  OPERATIONAL_ALERT_RULES,
  statusesOf,
  type AlertListOrder,
  type AlertFacts,
  type AlertSeverity,
  type AlertStatusFilter,
  type SensorType,
} from '@smart-city/shared';
import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { AlertHistoryRow, AlertRow, AlertsTable, Database } from '../../db/schema';
import { tally } from '../../lib/tally';

type Db = Kysely<Database> | Transaction<Database>;

const ACTIVE = ['open', 'acknowledged'];

/** Whose alerts: one person's, or nobody's. */
export type AssigneeFilter = { id: string } | 'unassigned';

/**
 * The filters the list and its counts share beyond city, status and text: when alerts were raised,
 * whether they chattered or joined a flood group, one sensor's alerts of one rule.
 */
export type AlertNarrowing = {
  /** Raised at or after. */
  from?: Date;
  /** Raised before (`to`, and `raisedBefore` for the standing alerts: both bound the same way). */
  to?: Date;
  raisedBefore?: Date;
  chattering?: boolean;
  grouped?: boolean;
  sensorId?: string;
  rule?: string;
};

export type AlertFilter = AlertNarrowing & {
  city?: string;
  status?: AlertStatusFilter;
  severity?: AlertSeverity;
  q?: string;
  assignee?: AssigneeFilter;
  order?: AlertListOrder;
  /** Alerts of sensors of this type. */
  type?: SensorType;
  /** Leaves out the alerts only operators act on (a sensor gone silent), as citizens see lists. */
  residentView?: boolean;
  limit: number;
  /** The moment shelves are judged at: one shelved until before it is active again. */
  now: Date;
};

/** A severity's rank in SQL, the worst highest (as SEVERITY_RANK). */
const severityRank = sql<number>`case severity when 'critical' then 3 when 'high' then 2 when 'warning' then 1 else 0 end`;

function assignedTo(assignee: AssigneeFilter) {
  return (eb: ExpressionBuilder<Database, 'alerts'>) =>
    assignee === 'unassigned' ? eb('assignee_id', 'is', null) : eb('assignee_id', '=', assignee.id);
}

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

/** Alerts not shelved at `now`: never shelved, or shelved until a time that has passed. */
function notShelved(now: Date) {
  return (eb: ExpressionBuilder<Database, 'alerts'>) =>
    eb.or([eb('shelved_until', 'is', null), eb('shelved_until', '<=', now)]);
}

/** Alerts shelved at `now` (only active alerts keep a shelve: ending one clears it). */
function shelvedAt(now: Date) {
  return (eb: ExpressionBuilder<Database, 'alerts'>) => eb('shelved_until', '>', now);
}

/** Alerts raised outside any maintenance window: the ones every view but `suppressed` shows. */
function notSuppressed(eb: ExpressionBuilder<Database, 'alerts'>) {
  return eb('suppressed', '=', false);
}

/** Open or acknowledged, as the partial indexes over active alerts say it. */
const activeStatus = sql<boolean>`status in ('open', 'acknowledged')`;

/** The status filters that list active alerts leave the shelved ones out. */
const WITHOUT_SHELVED: readonly AlertStatusFilter[] = ['active', 'open', 'acknowledged'];

/** Alerts of sensors of this type. */
function ofSensorType(type: SensorType) {
  return (eb: ExpressionBuilder<Database, 'alerts'>) => eb('sensor_type', '=', type);
}

/** The narrowing filters as conditions on alerts (every one given must hold). */
function narrowedBy(narrowing: AlertNarrowing) {
  return (eb: ExpressionBuilder<Database, 'alerts'>) => {
    const conditions = [];
    if (narrowing.from) conditions.push(eb('created_at', '>=', narrowing.from));
    if (narrowing.to) conditions.push(eb('created_at', '<', narrowing.to));
    if (narrowing.raisedBefore) conditions.push(eb('created_at', '<', narrowing.raisedBefore));
    if (narrowing.chattering !== undefined)
      conditions.push(eb('chattering', '=', narrowing.chattering));
    if (narrowing.grouped !== undefined)
      conditions.push(eb('group_id', narrowing.grouped ? 'is not' : 'is', null));
    if (narrowing.sensorId !== undefined) conditions.push(eb('sensor_id', '=', narrowing.sensorId));
    if (narrowing.rule !== undefined) conditions.push(eb('rule', '=', narrowing.rule));
    return eb.and(conditions);
  };
}

/** Whether any narrowing filter is given. */
function narrows(narrowing: AlertNarrowing): boolean {
  const { from, to, raisedBefore, chattering, grouped, sensorId, rule } = narrowing;
  return [from, to, raisedBefore, chattering, grouped, sensorId, rule].some((v) => v !== undefined);
}

/**
 * Alerts newest first, or the worst first and then the newest (`order: 'severity'`); `q` matches
 * title, message, sensor id or location, case-insensitively.
 */
export function listAlerts(db: Db, filter: AlertFilter): Promise<AlertRow[]> {
  let query = db.selectFrom('alerts').selectAll();
  if (filter.city) query = query.where('city_key', '=', filter.city);
  // The active statuses are written out, so the planner can use the active alerts' own index.
  if (filter.status === 'active' || filter.status === 'shelved') query = query.where(activeStatus);
  else if (filter.status) query = query.where('status', 'in', statusesOf(filter.status));
  // Suppressed alerts are listed by `suppressed` alone, whatever their status; no filter lists all.
  if (filter.status === 'suppressed') query = query.where('suppressed', '=', true);
  else if (filter.status) query = query.where(notSuppressed);
  if (filter.status === 'shelved') query = query.where(shelvedAt(filter.now));
  else if (filter.status && WITHOUT_SHELVED.includes(filter.status))
    query = query.where(notShelved(filter.now));
  if (filter.severity) query = query.where('severity', '=', filter.severity);
  if (filter.q) query = query.where(containingText(filter.q));
  if (filter.assignee) query = query.where(assignedTo(filter.assignee));
  if (filter.type) query = query.where(ofSensorType(filter.type));
  if (filter.residentView) query = query.where('rule', 'not in', OPERATIONAL_ALERT_RULES);
  if (narrows(filter)) query = query.where(narrowedBy(filter));
  if (filter.order === 'severity') query = query.orderBy(severityRank, 'desc');
  return query.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).execute();
}

/**
 * How many alerts of the city match `q` (and `type`), per severity and status pair, how many of
 * them are suppressed, and how many of the others are shelved at `now`. The counts read the same filters as the list, so a count and the
 * list it stands for never disagree.
 */
export async function countAlertsBySeverityAndStatus(
  db: Db,
  filter: AlertNarrowing & {
    city?: string;
    q?: string;
    assignee?: AssigneeFilter;
    type?: SensorType;
    residentView?: boolean;
    now: Date;
  },
): Promise<
  { severity: string; status: string; count: number; shelved: number; suppressed: number }[]
> {
  // A text, a person, a time, a sensor, a chattering or grouped flag is no key of the kept
  // counts: only those lists are counted row by row.
  const keyed = !filter.q && !filter.assignee && !narrows({ ...filter, rule: undefined });
  if (keyed) {
    const kept = await keptAlertCounts(db, {
      cities: filter.city ? [filter.city] : undefined,
      now: filter.now,
    });
    return tally(
      kept.filter(
        (row) =>
          (!filter.type || row.sensor_type === filter.type) &&
          (filter.rule === undefined || row.rule === filter.rule) &&
          !(filter.residentView && OPERATIONAL_ALERT_RULES.includes(row.rule)),
      ),
      bySeverityAndStatus,
      (row) => ({
        severity: row.severity,
        status: row.status,
        count: 0,
        shelved: 0,
        suppressed: 0,
      }),
      (counted, row) => {
        counted.count += row.n;
        if (row.suppressed) counted.suppressed += row.n;
        else if (row.shelved) counted.shelved += row.n;
      },
    );
  }
  let query = db
    .selectFrom('alerts')
    .select([
      'severity',
      'status',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`(count(*) filter (where shelved_until > ${filter.now} and not suppressed))::int`.as(
        'shelved',
      ),
      sql<number>`(count(*) filter (where suppressed))::int`.as('suppressed'),
    ])
    .groupBy(['severity', 'status']);
  if (filter.city) query = query.where('city_key', '=', filter.city);
  if (filter.q) query = query.where(containingText(filter.q));
  if (filter.assignee) query = query.where(assignedTo(filter.assignee));
  if (filter.type) query = query.where(ofSensorType(filter.type));
  if (filter.residentView) query = query.where('rule', 'not in', OPERATIONAL_ALERT_RULES);
  if (narrows(filter)) query = query.where(narrowedBy(filter));
  return query.execute();
}

const bySeverityAndStatus = (row: { severity: string; status: string }) =>
  `${row.severity}\u0000${row.status}`;

/** Kept counts of open or acknowledged alerts neither shelved nor suppressed: the active views'. */
const announcedActive = (row: KeptAlertCount) =>
  ACTIVE.includes(row.status) && !row.shelved && !row.suppressed;

/** The kept number of alerts per key (migration 0029), with shelves judged at a moment. */
export type KeptAlertCount = {
  city_key: string;
  sensor_type: string | null;
  rule: string;
  severity: string;
  status: string;
  /** Shelved at the moment asked about. */
  shelved: boolean;
  suppressed: boolean;
  n: number;
};

/**
 * The kept number of alerts per city, sensor type, rule, severity, status, shelve and suppression
 * (every city when none given): the sum of each key's net changes, never a count of the alerts. The
 * counts take "shelved" as "shelved_until is set"; the few shelves that ended before `now` but that
 * the checks have not cleared yet are found through the shelves' index and counted as not shelved.
 */
export async function keptAlertCounts(
  db: Db,
  filter: { cities?: readonly string[]; now: Date },
): Promise<KeptAlertCount[]> {
  const cities = filter.cities && filter.cities.length > 0 ? [...filter.cities] : null;
  let kept = db
    .selectFrom('alert_counts')
    .select([
      'city_key',
      'sensor_type',
      'rule',
      'severity',
      'status',
      'shelved',
      'suppressed',
      sql<number>`sum(n)::int`.as('n'),
    ])
    .groupBy(['city_key', 'sensor_type', 'rule', 'severity', 'status', 'shelved', 'suppressed'])
    .having(sql<boolean>`sum(n) <> 0`);
  let ended = db
    .selectFrom('alerts')
    .select([
      'city_key',
      'sensor_type',
      'rule',
      'severity',
      'status',
      'suppressed',
      sql<number>`count(*)::int`.as('n'),
    ])
    .where('shelved_until', 'is not', null)
    .where('shelved_until', '<=', filter.now)
    .groupBy(['city_key', 'sensor_type', 'rule', 'severity', 'status', 'suppressed']);
  if (cities) {
    kept = kept.where('city_key', 'in', cities);
    ended = ended.where('city_key', 'in', cities);
  }
  const [rows, endedRows] = await Promise.all([kept.execute(), ended.execute()]);
  const keyOf = (r: Omit<KeptAlertCount, 'n'>) =>
    [r.city_key, r.sensor_type, r.rule, r.severity, r.status, r.shelved, r.suppressed].join(
      '\u0000',
    );
  const byKey = new Map(rows.map((r) => [keyOf(r), { ...r }]));
  for (const r of endedRows) {
    const shelvedKey = keyOf({ ...r, shelved: true });
    const shelved = byKey.get(shelvedKey);
    if (shelved) shelved.n -= r.n;
    const unshelvedKey = keyOf({ ...r, shelved: false });
    const unshelved = byKey.get(unshelvedKey);
    if (unshelved) unshelved.n += r.n;
    else byKey.set(unshelvedKey, { ...r, shelved: false });
  }
  return [...byKey.values()].filter((r) => r.n !== 0);
}

/** Takes an alert for a person, or hands it back (null); only while it is active. */
export function assignAlert(
  db: Db,
  id: string,
  assignee: { id: string; name: string } | null,
  at: Date,
): Promise<AlertRow | undefined> {
  return db
    .updateTable('alerts')
    .set({
      assignee_id: assignee?.id ?? null,
      assignee_name: assignee?.name ?? null,
      assigned_at: assignee ? at : null,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', 'in', ACTIVE)
    .returningAll()
    .executeTakeFirst();
}

export function findAlert(db: Db, id: string, forUpdate = false): Promise<AlertRow | undefined> {
  const query = db.selectFrom('alerts').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The open or acknowledged alerts of these sensors. */
export function findActiveAlertsForSensors(db: Db, sensorIds: string[]): Promise<AlertRow[]> {
  if (sensorIds.length === 0) return Promise.resolve([]);
  // Locked, in one order, for the rest of the batch: a concurrent batch of the same sensors waits
  // here and then judges the alerts as this one leaves them.
  return db
    .selectFrom('alerts')
    .selectAll()
    .where(sql<boolean>`sensor_id = any(${sensorIds}::text[])`)
    .where('status', 'in', ACTIVE)
    .orderBy('sensor_id')
    .orderBy('rule')
    .forUpdate()
    .execute();
}

/**
 * The open and acknowledged alerts of a city neither shelved at `now` nor suppressed, the worst
 * first and then the newest: the few fields the city twin shows.
 */
export function listActiveAlertsOfCity(db: Db, city: string, now: Date) {
  return db
    .selectFrom('alerts')
    .select(['id', 'sensor_id', 'severity', 'title', 'facts', 'created_at'])
    .where('city_key', '=', city)
    .where('status', 'in', ACTIVE)
    .where(notShelved(now))
    .where(notSuppressed)
    .orderBy(severityRank, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
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

/** Who the history names for what the server does by itself. */
export const SYSTEM_ACTOR = 'system';

/** Rows that came back from raw SQL: their times as Dates, as Kysely's own queries give them. */
export function alertRowsFrom<T extends AlertRow>(rows: T[]): T[] {
  const at = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
    in_range_since: at(r.in_range_since),
    acknowledged_at: at(r.acknowledged_at),
    resolved_at: at(r.resolved_at),
    assigned_at: at(r.assigned_at),
    severity_since: at(r.severity_since),
    escalated_at: at(r.escalated_at),
    shelved_until: at(r.shelved_until),
  }));
}

/** A new alert the system raises. */
export type RaisedAlert = {
  id: string;
  sensor_id: string;
  city_key: string;
  location: string;
  rule: string;
  title: string;
  message: string;
  /** What the rule found; the history's 'raised' entry keeps them with its note. */
  facts: AlertFacts | null;
  severity: string;
  value: number | null;
  in_range_since: Date | null;
  created_at: Date;
  /** Raised inside a maintenance window: recorded, not shown (see markSuppressed). */
  suppressed?: boolean;
};

/**
 * Inserts new open alerts and the 'raised' entry of each one's history, by the system, in one
 * statement however many there are. A sensor that already has an active alert of the rule keeps it
 * (one active alert per sensor and rule) and nothing is inserted for it. An alert whose sensor and
 * rule had more than CHATTERING_REOPENS_PER_HOUR alerts created in the hour before it is marked
 * chattering, counted in the same statement (alerts_sensor_rule_created_idx).
 */
export async function insertRaisedAlerts(
  db: Db,
  alerts: readonly RaisedAlert[],
  at: Date,
): Promise<AlertRow[]> {
  if (alerts.length === 0) return [];
  const col = <T>(pick: (a: RaisedAlert) => T) => alerts.map(pick);
  const result = await sql<AlertRow>`
    with raised as (
      insert into alerts (id, sensor_id, city_key, location, rule, title, message, facts,
        severity, status, value, in_range_since, created_at, updated_at, suppressed, sensor_type,
        chattering)
      select u.id, u.sensor_id, u.city_key, u.location, u.rule, u.title, u.message, u.facts::jsonb,
        u.severity, 'open', u.value, u.in_range_since, u.created_at, ${at}, u.suppressed, s.type,
        (select count(*) from alerts b
          where b.sensor_id = u.sensor_id and b.rule = u.rule
            and b.created_at > u.created_at - interval '1 hour' and b.created_at <= u.created_at
        ) > ${CHATTERING_REOPENS_PER_HOUR}
      from unnest(${col((a) => a.id)}::text[], ${col((a) => a.sensor_id)}::text[],
        ${col((a) => a.city_key)}::text[], ${col((a) => a.location)}::text[],
        ${col((a) => a.rule)}::text[], ${col((a) => a.title)}::text[],
        ${col((a) => a.message)}::text[],
        ${col((a) => (a.facts ? JSON.stringify(a.facts) : null))}::text[],
        ${col((a) => a.severity)}::text[],
        ${col((a) => a.value)}::float8[],
        ${col((a) => a.in_range_since?.toISOString() ?? null)}::timestamptz[],
        ${col((a) => a.created_at.toISOString())}::timestamptz[],
        ${col((a) => a.suppressed === true)}::boolean[])
        as u(id, sensor_id, city_key, location, rule, title, message, facts, severity, value,
          in_range_since, created_at, suppressed)
        left join sensors s on s.id = u.sensor_id
      on conflict (sensor_id, rule) where status in ('open', 'acknowledged') do nothing
      returning *
    ), history as (
      insert into alert_history (alert_id, action, from_status, to_status, severity, actor, note, at,
        details)
      select id, 'raised', null, 'open', severity, ${SYSTEM_ACTOR}, message, ${at},
        case when facts is null then null
          else jsonb_build_object('kind', 'facts', 'facts', facts) end
      from raised
    )
    select * from raised`.execute(db);
  return alertRowsFrom(result.rows);
}

/**
 * Resolves active alerts on the system's behalf and records each as an auto-resolve with `note`,
 * in one statement: by id (`ids`), or every active alert back in range since before `inRangeSince`.
 * Alerts a person resolved or dismissed meanwhile are left alone. Returns the resolved alerts.
 */
export async function resolveAlertsBySystem(
  db: Db,
  which: { ids: readonly string[] } | { inRangeSince: Date },
  now: Date,
  note: string,
): Promise<AlertRow[]> {
  if ('ids' in which && which.ids.length === 0) return [];
  // Chosen by id through the primary key (joined, so the plan does not depend on how many).
  const due =
    'ids' in which
      ? sql`select a.id, a.status from unnest(${[...which.ids]}::text[]) as u(id)
          join alerts a on a.id = u.id
          where a.status in ('open', 'acknowledged')
          order by a.id
          for update of a`
      : sql`select id, status from alerts
          where status in ('open', 'acknowledged') and in_range_since <= ${which.inRangeSince}
          order by id
          for update`;
  const result = await sql<AlertRow>`
    with due as (${due}), resolved as (
      update alerts a set status = 'resolved', resolved_at = ${now}, resolved_by = ${SYSTEM_ACTOR},
        updated_at = ${now}, shelved_until = null, shelved_reason = null, shelved_by = null
      from due where a.id = due.id
      returning a.*, due.status as from_status
    ), history as (
      insert into alert_history (alert_id, action, from_status, to_status, severity, actor, note, at)
      select id, 'auto-resolve', from_status, 'resolved', severity, ${SYSTEM_ACTOR}, ${note}, ${now}
      from resolved
    )
    select * from resolved`.execute(db);
  return alertRowsFrom(
    result.rows.map(({ from_status: _, ...row }: AlertRow & { from_status?: string }) => row),
  );
}

/**
 * Records one change of an alert; `details` names the escalation step or assignment behind it.
 * Returns the entry's id.
 */
export async function insertHistory(
  db: Db,
  entry: Omit<AlertHistoryRow, 'id' | 'at' | 'details'> & {
    at: Date;
    details?: Record<string, unknown>;
  },
): Promise<string> {
  const { details, ...rest } = entry;
  const row = await db
    .insertInto('alert_history')
    .values({ ...rest, details: details === undefined ? null : JSON.stringify(details) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
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

/**
 * Open and acknowledged alerts neither shelved at `now` nor suppressed, by severity and status,
 * for the metrics.
 */
export async function countActiveAlertsByState(
  db: Db,
  now: Date,
): Promise<{ severity: string; status: string; count: number }[]> {
  return tally(
    (await keptAlertCounts(db, { now })).filter(announcedActive),
    bySeverityAndStatus,
    (row) => ({ severity: row.severity, status: row.status, count: 0 }),
    (counted, row) => {
      counted.count += row.n;
    },
  );
}

/**
 * Active alerts per city neither shelved at `now` nor suppressed, and how many of them are
 * critical (every city when none given), from the kept counts.
 */
export async function countActiveAlertsByCity(
  db: Db,
  now: Date,
  cities?: readonly string[],
): Promise<{ city_key: string; alerts: number; critical_alerts: number }[]> {
  return tally(
    (await keptAlertCounts(db, { cities, now })).filter(announcedActive),
    (row) => row.city_key,
    (row) => ({ city_key: row.city_key, alerts: 0, critical_alerts: 0 }),
    (city, row) => {
      city.alerts += row.n;
      if (row.severity === 'critical') city.critical_alerts += row.n;
    },
  );
}

/** Brings many active alerts up to date with their sensor's latest reading in one statement. */
export async function touchAlerts(
  db: Db,
  touches: {
    id: string;
    title: string;
    message: string;
    facts: AlertFacts | null;
    value: number;
    inRangeSince: Date | null;
  }[],
  now: Date,
): Promise<AlertRow[]> {
  if (touches.length === 0) return [];
  const result = await sql<AlertRow>`
    update alerts a set title = t.title, message = t.message, facts = t.facts::jsonb,
      value = t.value, in_range_since = t.in_range_since, updated_at = ${now}
    from unnest(${touches.map((t) => t.id)}::text[], ${touches.map((t) => t.title)}::text[],
      ${touches.map((t) => t.message)}::text[],
      ${touches.map((t) => (t.facts ? JSON.stringify(t.facts) : null))}::text[],
      ${touches.map((t) => t.value)}::float8[],
      ${touches.map((t) => t.inRangeSince?.toISOString() ?? null)}::timestamptz[])
      as t(id, title, message, facts, value, in_range_since)
    where a.id = t.id and a.status in ('open', 'acknowledged')
    returning a.*`.execute(db);
  return alertRowsFrom(result.rows);
}

/**
 * Ends every shelve that has run out by `now`, in one statement: clears it and records an
 * `unshelved` entry by the system with `note`. Returns the alerts, active again.
 */
export async function endExpiredShelves(db: Db, now: Date, note: string): Promise<AlertRow[]> {
  const details = JSON.stringify({ kind: 'unshelve', cause: 'expired' });
  const result = await sql<AlertRow>`
    with due as (
      select id from alerts
      where shelved_until <= ${now} and status in ('open', 'acknowledged')
      order by id
      for update
    ), ended as (
      update alerts a set shelved_until = null, shelved_reason = null, shelved_by = null,
        updated_at = ${now}
      from due where a.id = due.id
      returning a.*
    ), history as (
      insert into alert_history (alert_id, action, from_status, to_status, severity, actor, note, at,
        details)
      select id, 'unshelved', status, status, severity, ${SYSTEM_ACTOR}, ${note}, ${now},
        ${details}::jsonb
      from ended
    )
    select * from ended`.execute(db);
  return alertRowsFrom(result.rows);
}
