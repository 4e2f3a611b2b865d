-- The SQL of alert-groups.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- gatherFloods
select
  a.id,
  a.city_key,
  s.type as sensor_type,
  a.rule
from
  alerts a
  left join sensors s on s.id = a.sensor_id
where
  a.id = any ($1::text[]);

select
  *
from
  "alert_groups"
where
  "city_key" = $1
  and coalesce(sensor_type, '') = $2
  and "rule" = $3
  and "status" <> $4
for update;

select
  a.id
from
  alerts a
  left join sensors s on s.id = a.sensor_id
where
  a.city_key = $1
  and a.rule = $2
  and coalesce(s.type, '') = $3
  and a.created_at >= $4
  and a.status in ('open', 'acknowledged')
  and a.group_id is null
  and not a.suppressed
order by
  a.created_at,
  a.id;

insert into
  alert_groups (
    id,
    city_key,
    sensor_type,
    rule,
    severity,
    leader_id,
    created_at,
    last_joined_at,
    updated_at
  )
select
  $1,
  $2,
  $3,
  $4,
  a.severity,
  a.id,
  $5,
  $6,
  $7
from
  alerts a
where
  a.id = $8
on conflict (city_key, coalesce(sensor_type, ''), rule)
where
  status <> 'resolved' do nothing
returning
  *;

update alerts
set
  group_id = $1
where
  id = any ($2::text[])
  and group_id is null
returning
  *;

update alert_groups
set
  last_joined_at = $1
where
  id = $2;

with
  figures as (
    select
      a.group_id,
      count(*)::int as members,
      count(*) filter (
        where
          a.status in ('open', 'acknowledged')
      )::int as active_members,
      max(
        case a.severity
          when 'critical' then 3
          when 'high' then 2
          when 'warning' then 1
          else 0
        end
      ) filter (
        where
          a.status in ('open', 'acknowledged')
      ) as worst,
      max(a.value) filter (
        where
          a.status in ('open', 'acknowledged')
      ) as peak_value
    from
      alerts a
    where
      a.group_id = any ($1::text[])
    group by
      a.group_id
  )
update alert_groups g
set
  members = f.members,
  active_members = f.active_members,
  severity = coalesce((array['info', 'warning', 'high', 'critical']) [f.worst + 1], g.severity),
  peak_value = f.peak_value,
  updated_at = $2,
  status = case
    when f.active_members = 0 then 'resolved'
    else g.status
  end,
  resolved_at = case
    when f.active_members = 0
    and g.status <> 'resolved' then $3
    else g.resolved_at
  end,
  resolved_by = case
    when f.active_members = 0
    and g.status <> 'resolved' then $4
    else g.resolved_by
  end
from
  figures f
where
  g.id = f.group_id
returning
  g.*;

-- refreshGroups
with
  figures as (
    select
      a.group_id,
      count(*)::int as members,
      count(*) filter (
        where
          a.status in ('open', 'acknowledged')
      )::int as active_members,
      max(
        case a.severity
          when 'critical' then 3
          when 'high' then 2
          when 'warning' then 1
          else 0
        end
      ) filter (
        where
          a.status in ('open', 'acknowledged')
      ) as worst,
      max(a.value) filter (
        where
          a.status in ('open', 'acknowledged')
      ) as peak_value
    from
      alerts a
    where
      a.group_id = any ($1::text[])
    group by
      a.group_id
  )
update alert_groups g
set
  members = f.members,
  active_members = f.active_members,
  severity = coalesce((array['info', 'warning', 'high', 'critical']) [f.worst + 1], g.severity),
  peak_value = f.peak_value,
  updated_at = $2,
  status = case
    when f.active_members = 0 then 'resolved'
    else g.status
  end,
  resolved_at = case
    when f.active_members = 0
    and g.status <> 'resolved' then $3
    else g.resolved_at
  end,
  resolved_by = case
    when f.active_members = 0
    and g.status <> 'resolved' then $4
    else g.resolved_by
  end
from
  figures f
where
  g.id = f.group_id
returning
  g.*;

-- listGroups
select
  *
from
  "alert_groups"
where
  "status" in ($1, $2)
  and "city_key" = $3
  and "rule" not in ($4)
order by
  "last_joined_at" desc,
  "id"
limit
  $5;

-- findGroup
select
  *
from
  "alert_groups"
where
  "id" = $1;

-- listGroupMembers
select
  *
from
  "alerts"
where
  "group_id" = $1
  and "id" > $2
order by
  "id"
limit
  $3;

-- transitionGroup
with
  prior as (
    select
      id,
      status
    from
      alerts
    where
      group_id = $1
      and status = any ($2::text[])
    for update
  ),
  moved as (
    update alerts a
    set
      status = $3,
      updated_at = $4,
      note = coalesce($5, a.note),
      acknowledged_at = $6,
      acknowledged_by = $7
    from
      prior p
    where
      a.id = p.id
    returning
      a.id,
      a.severity,
      p.status as prior
  ),
  history as (
    insert into
      alert_history (alert_id, action, from_status, to_status, severity, actor, note, at)
    select
      m.id,
      $8,
      m.prior,
      $9,
      m.severity,
      $10,
      $11,
      $12
    from
      moved m
  )
select
  id
from
  moved;

update alert_groups
set
  status = $1,
  updated_at = $2,
  note = coalesce($3, note),
  acknowledged_at = $4,
  acknowledged_by = $5
where
  id = $6
returning
  *;
