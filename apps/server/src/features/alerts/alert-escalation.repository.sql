-- The SQL of alert-escalation.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- fireDueSteps
with
  due as (
    select
      a.id as alert_id,
      a.city_key,
      a.title,
      a.severity,
      st.policy_id,
      st.position,
      st.action,
      st.audience,
      st.severity as raise_to,
      case
        when st.action = 'remind' then floor(
          (
            extract(
              epoch
              from
                ($1::timestamptz - coalesce(a.severity_since, a.created_at))
            ) - st.after_seconds
          ) / st.every_seconds
        )::int
        else 0
      end as occurrence
    from
      alerts a
      left join sensors s on s.id = a.sensor_id
      join lateral (
        select
          p.id
        from
          escalation_policies p
        where
          p.city_key = a.city_key
          and p.severity = a.severity
          and (
            p.sensor_type is null
            or p.sensor_type = s.type
          )
        order by
          p.sensor_type nulls last
        limit
          1
      ) policy on true
      join escalation_steps st on st.policy_id = policy.id
    where
      a.status = 'open'
      -- A shelved alert waits: its steps fire once the shelve ends, if it is still open then.
      and (
        a.shelved_until is null
        or a.shelved_until <= $2
      )
      -- A flood notifies once: of a group's alerts, only its leader escalates.
      and (
        a.group_id is null
        or exists (
          select
            1
          from
            alert_groups g
          where
            g.id = a.group_id
            and g.leader_id = a.id
        )
      )
      -- Raised inside a maintenance window: recorded for the record, never anyone's to chase.
      and not a.suppressed
      and coalesce(a.severity_since, a.created_at) + make_interval(secs => st.after_seconds) <= $3
  ),
  fresh as (
    select
      *
    from
      due d
    where
      not exists (
        select
          1
        from
          alert_escalations e
        where
          e.alert_id = d.alert_id
          and e.policy_id = d.policy_id
          and e.position = d.position
          and e.occurrence = d.occurrence
      )
      -- One order for every process, so two inserting at once take their locks in the same order.
    order by
      d.alert_id,
      d.policy_id,
      d.position,
      d.occurrence
    limit
      $4
  ),
  fired as (
    insert into
      alert_escalations (alert_id, policy_id, position, occurrence, action, fired_at)
    select
      alert_id,
      policy_id,
      position,
      occurrence,
      action,
      $5
    from
      fresh
    on conflict do nothing
    returning
      alert_id,
      policy_id,
      position,
      occurrence
  )
select
  fresh.*
from
  fired
  join fresh using (alert_id, policy_id, position, occurrence)
order by
  fresh.alert_id,
  fresh.position;

-- applyFiredSteps
with
  change as (
    select
      u.id,
      u.raise_to,
      a.severity as previous_severity,
      u.raise_to is not null
      and a.status = 'open'
      and array_position(array['info', 'warning', 'high', 'critical'], u.raise_to) > array_position(array['info', 'warning', 'high', 'critical'], a.severity) as raises
    from
      unnest($1::text[], $2::text[]) as u (id, raise_to)
      join alerts a on a.id = u.id
    order by
      u.id
    for update of
      a
  )
update alerts a
set
  escalated_at = $3,
  updated_at = $4,
  severity = case
    when change.raises then change.raise_to
    else a.severity
  end,
  severity_since = case
    when change.raises then $5
    else a.severity_since
  end
from
  change
where
  a.id = change.id
returning
  a.*,
  change.previous_severity;

-- insertStepHistory
insert into
  alert_history (alert_id, action, from_status, to_status, severity, actor, note, at, details)
select
  u.alert_id,
  u.action,
  u.status,
  u.status,
  u.severity,
  u.actor,
  null,
  $1,
  u.details::jsonb
from
  unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as u (alert_id, action, status, severity, actor, details);
