-- The SQL of sensor-readings.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- listSensorsWithTimeZone
select
  "sensors"."id",
  "sensors"."type",
  "sensors"."city_key",
  "sensors"."status",
  "sensors"."unit",
  "sensors"."metadata",
  "l"."value",
  "cities"."time_zone"
from
  "sensors"
  inner join "cities" on "cities"."key" = "sensors"."city_key"
  left join "sensor_latest" as "l" on "l"."sensor_id" = "sensors"."id"
where
  "sensors"."id" > $1
order by
  "sensors"."id"
limit
  $2;

-- findReadingSensors
select
  "id",
  "name",
  "type",
  "city_key",
  "location",
  "status",
  "unit",
  case
    when type = 'energy' then metadata
  end as "metadata"
from
  "sensors"
where
  id = any ($1::text[]);

-- applyFoldedLatest
with
  latest as materialized (
    select distinct
      on (sensor_id) sensor_id,
      value,
      "timestamp" as ts,
      metadata
    from
      sensor_data
    where
      xact >= $1::bigint
      and xact < $2::bigint
    order by
      sensor_id,
      "timestamp" desc
  ),
  newer as (
    update sensor_latest s
    set
      value = case
        when s.last_reading is null
        or s.last_reading <= l.ts then l.value
        else s.value
      end,
      reading_metadata = case
        when s.last_reading is null
        or s.last_reading <= l.ts then l.metadata
        else s.reading_metadata
      end,
      last_reading = greatest(s.last_reading, l.ts),
      last_heard = $3
    from
      latest l
    where
      s.sensor_id = l.sensor_id
    returning
      s.sensor_id,
      l.ts
  ),
  back as (
    update sensors s
    set
      status = 'active',
      updated_at = $4
    where
      s.status in ('offline', 'pending')
      and s.id in (
        select
          sensor_id
        from
          latest
      )
    returning
      s.id,
      s.city_key,
      s.metadata
  ),
  cities as (
    select
      s.city_key,
      count(*)::int as sensors,
      max(n.ts) as newest
    from
      newer n
      join sensors s on s.id = n.sensor_id
    group by
      s.city_key
  ),
  kept as (
    insert into
      city_latest (city_key, last_reading)
    select
      city_key,
      newest
    from
      cities
    on conflict (city_key) do update
    set
      last_reading = greatest(city_latest.last_reading, excluded.last_reading)
  )
select
  c.city_key,
  c.sensors,
  coalesce(
    (
      select
        json_agg(json_build_object('id', b.id, 'metadata', b.metadata))
      from
        back b
      where
        b.city_key = c.city_key
    ),
    '[]'
  ) as back_online
from
  cities c;

-- markSilentSensorsOffline
update sensors s
set
  status = 'offline',
  updated_at = $1
from
  sensor_latest l
where
  l.sensor_id = s.id
  and s.status = 'active'
  and l.last_heard < $2
returning
  s.id,
  s.name,
  s.type,
  s.city_key,
  s.location,
  s.metadata,
  l.last_heard;
