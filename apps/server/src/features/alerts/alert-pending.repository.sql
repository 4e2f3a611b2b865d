-- The SQL of alert-pending.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- ruleKey
-- (sends no SQL)

-- writePending
with
  gone as (
    delete from alert_pending p using unnest($1::text[], $2::text[]) as d (sensor_id, rule)
    where
      p.sensor_id = d.sensor_id
      and p.rule = d.rule
  )
insert into
  alert_pending (sensor_id, rule, since, severity, value, title, message, facts, worst_at, updated_at)
select
  sensor_id,
  rule,
  since,
  severity,
  value,
  title,
  message,
  facts::jsonb,
  worst_at,
  $3
from
  unnest(
    $4::text[],
    $5::text[],
    $6::timestamptz[],
    $7::text[],
    $8::float8[],
    $9::text[],
    $10::text[],
    $11::text[],
    $12::timestamptz[]
  ) as u (sensor_id, rule, since, severity, value, title, message, facts, worst_at)
on conflict (sensor_id, rule) do update
set
  since = excluded.since,
  severity = excluded.severity,
  value = excluded.value,
  title = excluded.title,
  message = excluded.message,
  facts = excluded.facts,
  worst_at = excluded.worst_at,
  updated_at = excluded.updated_at;

-- findAlertStateForSensors
with
  active as (
    select
      *
    from
      alerts
    where
      sensor_id = any ($1::text[])
      and status in ('open', 'acknowledged')
    order by
      sensor_id,
      rule
    for update
  ),
  pending as (
    select
      *
    from
      alert_pending
    where
      sensor_id = any ($2::text[])
    order by
      sensor_id,
      rule
    for update
  )
select
  'alert' as kind,
  to_jsonb(active) as row
from
  active
union all
select
  'pending' as kind,
  to_jsonb(pending) as row
from
  pending;
