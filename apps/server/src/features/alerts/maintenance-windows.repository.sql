-- The SQL of maintenance-windows.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertMaintenanceWindow
insert into
  maintenance_windows (
    id,
    city_key,
    sensor_ids,
    type,
    area_key,
    area_lat,
    area_lng,
    area_radius_km,
    starts_at,
    ends_at,
    reason,
    created_by,
    created_at
  )
values
  (
    $1,
    $2,
    $3::text[],
    $4,
    $5,
    $6::float8,
    $7::float8,
    $8::float8,
    $9::timestamptz,
    $10::timestamptz,
    $11,
    $12,
    $13::timestamptz
  )
returning
  *;

-- listMaintenanceWindows
select
  *
from
  maintenance_windows
where
  city_key = $1
  and ends_at > $2
order by
  (ends_at <= $3),
  case
    when ends_at > $4 then starts_at
  end,
  ends_at desc,
  id;

-- unknownSensorIds
select
  u.id
from
  unnest($1::text[]) with ordinality as u (id, n)
where
  not exists (
    select
      1
    from
      sensors s
    where
      s.id = u.id
      and s.city_key = $2
  )
order by
  u.n;

-- maintenanceCoverage
with
  active as materialized (
    select
      *
    from
      maintenance_windows
    where
      ends_at > $1
      and starts_at <= $2
  )
select
  s.id as sensor_id,
  max(w.ends_at) as until
from
  active w
  join sensors s on s.city_key = w.city_key
  join unnest($3::text[]) as u (id) on u.id = s.id
where
  (
    w.sensor_ids is null
    or s.id = any (w.sensor_ids)
  )
  and (
    w.type is null
    or w.type = s.type
  )
  and (
    w.area_key is null
    or power((s.lat - w.area_lat) * $4::float8, 2) + power((s.lng - w.area_lng) * $5::float8 * cos(radians(w.area_lat)), 2) <= w.area_radius_km * w.area_radius_km
  )
group by
  s.id;

-- insertRaisedMarkingSuppressed
with
  active as materialized (
    select
      *
    from
      maintenance_windows
    where
      ends_at > $1
      and starts_at <= $2
  )
select
  s.id as sensor_id,
  max(w.ends_at) as until
from
  active w
  join sensors s on s.city_key = w.city_key
  join unnest($3::text[]) as u (id) on u.id = s.id
where
  (
    w.sensor_ids is null
    or s.id = any (w.sensor_ids)
  )
  and (
    w.type is null
    or w.type = s.type
  )
  and (
    w.area_key is null
    or power((s.lat - w.area_lat) * $4::float8, 2) + power((s.lng - w.area_lng) * $5::float8 * cos(radians(w.area_lat)), 2) <= w.area_radius_km * w.area_radius_km
  )
group by
  s.id;

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

-- endSuppressions
select
  "id",
  "sensor_id"
from
  "alerts"
where
  "suppressed" = $1
  and status in ('open', 'acknowledged');

with
  active as materialized (
    select
      *
    from
      maintenance_windows
    where
      ends_at > $1
      and starts_at <= $2
  )
select
  s.id as sensor_id,
  max(w.ends_at) as until
from
  active w
  join sensors s on s.city_key = w.city_key
  join unnest($3::text[]) as u (id) on u.id = s.id
where
  (
    w.sensor_ids is null
    or s.id = any (w.sensor_ids)
  )
  and (
    w.type is null
    or w.type = s.type
  )
  and (
    w.area_key is null
    or power((s.lat - w.area_lat) * $4::float8, 2) + power((s.lng - w.area_lng) * $5::float8 * cos(radians(w.area_lat)), 2) <= w.area_radius_km * w.area_radius_km
  )
group by
  s.id;

with
  shown as (
    update alerts
    set
      suppressed = false,
      severity_since = $1,
      updated_at = $2
    where
      id = any ($3::text[])
      and suppressed
      and status in ('open', 'acknowledged')
    returning
      *
  ),
  history as (
    insert into
      alert_history (alert_id, action, from_status, to_status, severity, actor, note, at)
    select
      id,
      'maintenance-ended',
      status,
      status,
      severity,
      $4,
      $5,
      $6
    from
      shown
  )
select
  *
from
  shown;

-- deleteMaintenanceWindow
delete from maintenance_windows
where
  id = $1
returning
  *;
