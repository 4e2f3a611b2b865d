import { sql, type Transaction } from 'kysely';
import type { AlertRow, Database } from '../../db/schema';
import { alertRowsFrom } from './alerts.repository';

/** A policy step that has just fired for an alert. */
export type FiredStep = {
  alert_id: string;
  policy_id: string;
  position: number;
  occurrence: number;
  action: 'notify' | 'raise' | 'remind';
  audience: 'operators' | 'admins' | null;
  raise_to: string | null;
  city_key: string;
  title: string;
  severity: string;
};

// Severities from the mildest, for comparing them in SQL.
const RANK = sql`array['info', 'warning', 'high', 'critical']`;

/**
 * Fires every policy step that is due, in one statement: for each unacknowledged alert not shelved, the policy
 * of its city, severity and sensor type (or the city's default for the severity), and each step of
 * it whose time (`afterSeconds` after the alert reached its severity) has come. A reminder's
 * occurrence is the latest one due, so a server that was down does not send the ones it missed.
 * The primary key of alert_escalations makes each step (and each occurrence) fire once, even when
 * two processes run this at the same moment: the second waits for the first and inserts nothing.
 * At most `limit` steps fire per call; the rest fire on the next.
 */
export async function fireDueSteps(
  trx: Transaction<Database>,
  now: Date,
  limit: number,
): Promise<FiredStep[]> {
  const result = await sql<FiredStep>`
    with due as (
      select a.id as alert_id, a.city_key, a.title, a.severity, st.policy_id, st.position,
        st.action, st.audience, st.severity as raise_to,
        case when st.action = 'remind' then floor(
          (extract(epoch from (${now}::timestamptz - coalesce(a.severity_since, a.created_at)))
            - st.after_seconds) / st.every_seconds)::int
        else 0 end as occurrence
      from alerts a
      left join sensors s on s.id = a.sensor_id
      join lateral (
        select p.id from escalation_policies p
        where p.city_key = a.city_key and p.severity = a.severity
          and (p.sensor_type is null or p.sensor_type = s.type)
        order by p.sensor_type nulls last
        limit 1
      ) policy on true
      join escalation_steps st on st.policy_id = policy.id
      where a.status = 'open'
        -- A shelved alert waits: its steps fire once the shelve ends, if it is still open then.
        and (a.shelved_until is null or a.shelved_until <= ${now})
        -- A flood notifies once: of a group's alerts, only its leader escalates.
        and (a.group_id is null
          or exists (select 1 from alert_groups g where g.id = a.group_id and g.leader_id = a.id))
        -- Raised inside a maintenance window: recorded for the record, never anyone's to chase.
        and not a.suppressed
        and coalesce(a.severity_since, a.created_at)
          + make_interval(secs => st.after_seconds) <= ${now}
    ), fresh as (
      select * from due d
      where not exists (
        select 1 from alert_escalations e
        where e.alert_id = d.alert_id and e.policy_id = d.policy_id
          and e.position = d.position and e.occurrence = d.occurrence)
      -- One order for every process, so two inserting at once take their locks in the same order.
      order by d.alert_id, d.policy_id, d.position, d.occurrence
      limit ${limit}
    ), fired as (
      insert into alert_escalations (alert_id, policy_id, position, occurrence, action, fired_at)
      select alert_id, policy_id, position, occurrence, action, ${now} from fresh
      on conflict do nothing
      returning alert_id, policy_id, position, occurrence
    )
    select fresh.* from fired
    join fresh using (alert_id, policy_id, position, occurrence)
    order by fresh.alert_id, fresh.position`.execute(trx);
  return result.rows.map((row) => ({ ...row, position: Number(row.position) }));
}

/**
 * Marks the alerts whose steps fired as escalated now and raises those a raise step named to its
 * severity (never lowering one), in one statement. Returns each changed alert and the severity it
 * had before.
 */
export async function applyFiredSteps(
  trx: Transaction<Database>,
  changes: readonly { id: string; raiseTo: string | null }[],
  now: Date,
): Promise<(AlertRow & { previous_severity: string })[]> {
  if (changes.length === 0) return [];
  const result = await sql<AlertRow & { previous_severity: string }>`
    with change as (
      select u.id, u.raise_to, a.severity as previous_severity,
        u.raise_to is not null and a.status = 'open'
          and array_position(${RANK}, u.raise_to) > array_position(${RANK}, a.severity) as raises
      from unnest(${changes.map((c) => c.id)}::text[], ${changes.map((c) => c.raiseTo)}::text[])
        as u(id, raise_to)
      join alerts a on a.id = u.id
      order by u.id
      for update of a
    )
    update alerts a set escalated_at = ${now}, updated_at = ${now},
      severity = case when change.raises then change.raise_to else a.severity end,
      severity_since = case when change.raises then ${now} else a.severity_since end
    from change where a.id = change.id
    returning a.*, change.previous_severity`.execute(trx);
  return alertRowsFrom(result.rows);
}

/** Records the steps in their alerts' histories, in one statement. */
export async function insertStepHistory(
  trx: Transaction<Database>,
  entries: readonly {
    alertId: string;
    action: 'escalated' | 'reminded' | 'raised';
    status: string;
    severity: string;
    actor: string;
    details: Record<string, unknown>;
  }[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  const col = <T>(pick: (entry: (typeof entries)[number]) => T) => entries.map(pick);
  await sql`
    insert into alert_history (alert_id, action, from_status, to_status, severity, actor, note, at,
      details)
    select u.alert_id, u.action, u.status, u.status, u.severity, u.actor, null, ${at},
      u.details::jsonb
    from unnest(${col((e) => e.alertId)}::text[], ${col((e) => e.action)}::text[],
      ${col((e) => e.status)}::text[], ${col((e) => e.severity)}::text[],
      ${col((e) => e.actor)}::text[], ${col((e) => JSON.stringify(e.details))}::text[])
      as u(alert_id, action, status, severity, actor, details)`.execute(trx);
}
