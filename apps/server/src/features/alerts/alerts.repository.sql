-- The SQL of alerts.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertRaisedAlerts
with
  raised as (
    insert into
      alerts (
        id,
        sensor_id,
        city_key,
        location,
        rule,
        title,
        message,
        facts,
        severity,
        status,
        value,
        in_range_since,
        created_at,
        updated_at,
        suppressed,
        sensor_type,
        chattering
      )
    select
      u.id,
      u.sensor_id,
      u.city_key,
      u.location,
      u.rule,
      u.title,
      u.message,
      u.facts::jsonb,
      u.severity,
      'open',
      u.value,
      u.in_range_since,
      u.created_at,
      $1,
      u.suppressed,
      s.type,
      (
        select
          count(*)
        from
          alerts b
        where
          b.sensor_id = u.sensor_id
          and b.rule = u.rule
          and b.created_at > u.created_at - interval '1 hour'
          and b.created_at <= u.created_at
      ) > $2
    from
      unnest(
        $3::text[],
        $4::text[],
        $5::text[],
        $6::text[],
        $7::text[],
        $8::text[],
        $9::text[],
        $10::text[],
        $11::text[],
        $12::float8[],
        $13::timestamptz[],
        $14::timestamptz[],
        $15::boolean[]
      ) as u (
        id,
        sensor_id,
        city_key,
        location,
        rule,
        title,
        message,
        facts,
        severity,
        value,
        in_range_since,
        created_at,
        suppressed
      )
      left join sensors s on s.id = u.sensor_id
    on conflict (sensor_id, rule)
    where
      status in ('open', 'acknowledged') do nothing
    returning
      *
  ),
  history as (
    insert into
      alert_history (alert_id, action, from_status, to_status, severity, actor, note, at, details)
    select
      id,
      'raised',
      null,
      'open',
      severity,
      $16,
      message,
      $17,
      case
        when facts is null then null
        else jsonb_build_object('kind', 'facts', 'facts', facts)
      end
    from
      raised
  )
select
  *
from
  raised;

-- listAlerts
select
  *
from
  "alerts"
where
  "city_key" = $1
  and status in ('open', 'acknowledged')
  and "suppressed" = $2
  and (
    "shelved_until" is null
    or "shelved_until" <= $3
  )
order by
  case severity
    when 'critical' then 3
    when 'high' then 2
    when 'warning' then 1
    else 0
  end desc,
  "created_at" desc,
  "id"
limit
  $4;

-- countAlertsBySeverityAndStatus
select
  "severity",
  "status",
  count(*)::int as "count",
  (
    count(*) filter (
      where
        shelved_until > $1
        and not suppressed
    )
  )::int as "shelved",
  (
    count(*) filter (
      where
        suppressed
    )
  )::int as "suppressed"
from
  "alerts"
where
  "city_key" = $2
  and (
    "title" ilike $3
    or "message" ilike $4
    or "sensor_id" ilike $5
    or "location" ilike $6
  )
group by
  "severity",
  "status";

-- keptAlertCounts
select
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "shelved",
  "suppressed",
  sum(n)::int as "n"
from
  "alert_counts"
where
  "city_key" in ($1)
group by
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "shelved",
  "suppressed"
having
  sum(n) <> 0;

select
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "suppressed",
  count(*)::int as "n"
from
  "alerts"
where
  "shelved_until" is not null
  and "shelved_until" <= $1
  and "city_key" in ($2)
group by
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "suppressed";

-- assignAlert
update "alerts"
set
  "assignee_id" = $1,
  "assignee_name" = $2,
  "assigned_at" = $3,
  "updated_at" = $4
where
  "id" = $5
  and "status" in ($6, $7)
returning
  *;

-- findAlert
select
  *
from
  "alerts"
where
  "id" = $1;

-- findActiveAlertsForSensors
select
  *
from
  "alerts"
where
  sensor_id = any ($1::text[])
  and "status" in ($2, $3)
order by
  "sensor_id",
  "rule"
for update;

-- listActiveAlertsOfCity
select
  "id",
  "sensor_id",
  "severity",
  "title",
  "facts",
  "created_at"
from
  "alerts"
where
  "city_key" = $1
  and "status" in ($2, $3)
  and (
    "shelved_until" is null
    or "shelved_until" <= $4
  )
  and "suppressed" = $5
order by
  case severity
    when 'critical' then 3
    when 'high' then 2
    when 'warning' then 1
    else 0
  end desc,
  "created_at" desc,
  "id";

-- updateAlert
update "alerts"
set
  "shelved_until" = $1,
  "shelved_reason" = $2,
  "shelved_by" = $3,
  "updated_at" = $4
where
  "id" = $5
  and "status" in ($6, $7)
returning
  *;

-- alertRowsFrom
-- (sends no SQL)

-- resolveAlertsBySystem
with
  due as (
    select
      a.id,
      a.status
    from
      unnest($1::text[]) as u (id)
      join alerts a on a.id = u.id
    where
      a.status in ('open', 'acknowledged')
    order by
      a.id
    for update of
      a
  ),
  resolved as (
    update alerts a
    set
      status = 'resolved',
      resolved_at = $2,
      resolved_by = $3,
      updated_at = $4,
      shelved_until = null,
      shelved_reason = null,
      shelved_by = null
    from
      due
    where
      a.id = due.id
    returning
      a.*,
      due.status as from_status
  ),
  history as (
    insert into
      alert_history (alert_id, action, from_status, to_status, severity, actor, note, at)
    select
      id,
      'auto-resolve',
      from_status,
      'resolved',
      severity,
      $5,
      $6,
      $7
    from
      resolved
  )
select
  *
from
  resolved;

-- insertHistory
insert into
  "alert_history" (
    "alert_id",
    "action",
    "from_status",
    "to_status",
    "severity",
    "actor",
    "note",
    "at",
    "details"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning
  "id";

-- listHistory
select
  *
from
  "alert_history"
where
  "alert_id" = $1
order by
  "at",
  "id";

-- countActiveAlertsByState
select
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "shelved",
  "suppressed",
  sum(n)::int as "n"
from
  "alert_counts"
group by
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "shelved",
  "suppressed"
having
  sum(n) <> 0;

select
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "suppressed",
  count(*)::int as "n"
from
  "alerts"
where
  "shelved_until" is not null
  and "shelved_until" <= $1
group by
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "suppressed";

-- countActiveAlertsByCity
select
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "shelved",
  "suppressed",
  sum(n)::int as "n"
from
  "alert_counts"
where
  "city_key" in ($1)
group by
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "shelved",
  "suppressed"
having
  sum(n) <> 0;

select
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "suppressed",
  count(*)::int as "n"
from
  "alerts"
where
  "shelved_until" is not null
  and "shelved_until" <= $1
  and "city_key" in ($2)
group by
  "city_key",
  "sensor_type",
  "rule",
  "severity",
  "status",
  "suppressed";

-- touchAlerts
update alerts a
set
  title = t.title,
  message = t.message,
  facts = t.facts::jsonb,
  value = t.value,
  in_range_since = t.in_range_since,
  updated_at = $1
from
  unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::timestamptz[]) as t (id, title, message, facts, value, in_range_since)
where
  a.id = t.id
  and a.status in ('open', 'acknowledged')
returning
  a.*;

-- endExpiredShelves
with
  due as (
    select
      id
    from
      alerts
    where
      shelved_until <= $1
      and status in ('open', 'acknowledged')
    order by
      id
    for update
  ),
  ended as (
    update alerts a
    set
      shelved_until = null,
      shelved_reason = null,
      shelved_by = null,
      updated_at = $2
    from
      due
    where
      a.id = due.id
    returning
      a.*
  ),
  history as (
    insert into
      alert_history (alert_id, action, from_status, to_status, severity, actor, note, at, details)
    select
      id,
      'unshelved',
      status,
      status,
      severity,
      $3,
      $4,
      $5,
      $6::jsonb
    from
      ended
  )
select
  *
from
  ended;
