-- The SQL of sensors.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- listSensors
select
  "page".*,
  "l"."value",
  "l"."last_reading"
from
  (
    select
      "id",
      "name",
      "type",
      "city_key",
      "location",
      "lat",
      "lng",
      "status",
      "unit",
      "metadata",
      "created_at",
      "updated_at"
    from
      "sensors"
    where
      "city_key" = $1
      and "type" = $2
      and ("name", "id") > ($3, $4)
    order by
      "name",
      "id"
    limit
      $5
  ) as "page"
  left join "sensor_latest" as "l" on "l"."sensor_id" = "page"."id"
order by
  "page"."name",
  "page"."id";

-- countSensors
select
  count(*)::int as "n"
from
  "sensors"
where
  "city_key" = $1
  and (
    "name" ilike $2
    or "location" ilike $3
    or "id" ilike $4
  );

-- countSensorsByTypeAndStatus
select
  "city_key",
  "type",
  "status",
  sum(n)::int as "n"
from
  "sensor_counts"
where
  "city_key" in ($1)
group by
  "city_key",
  "type",
  "status"
having
  sum(n) <> 0;

-- clusterSensors
set
  local work_mem = '32MB';

select
  "cells"."cx",
  "cells"."cy",
  "cells"."n",
  "cells"."lng",
  "cells"."lat",
  "cells"."west",
  "cells"."south",
  "cells"."east",
  "cells"."north",
  "cells"."worst",
  "cells"."id",
  "sensors"."name",
  "sensors"."type",
  "sensors"."status"
from
  (
    select
      floor(radians(lng) / $1) as "cx",
      floor(ln(tan(pi() / 4 + radians(least(greatest(lat, -85), 85)) / 2)) / $2) as "cy",
      count(*)::int as "n",
      avg(lng) as "lng",
      avg(lat) as "lat",
      min(lng) as "west",
      min(lat) as "south",
      max(lng) as "east",
      max(lat) as "north",
      max(
        case status
          when $3 then $4
          when $5 then $6
          when $7 then $8
          when $9 then $10
          when $11 then $12
          else 0
        end
      ) as "worst",
      case
        when count(*) = 1 then min(id)
      end as "id"
    from
      "sensors"
    where
      "lng" >= $13
      and "lng" <= $14
      and "lat" >= $15
      and "lat" <= $16
    group by
      "cx",
      "cy"
  ) as "cells"
  left join "sensors" on "sensors"."id" = "cells"."id"
order by
  "cells"."n" desc;

-- worstAlertCells
select
  "s"."cx",
  "s"."cy",
  max(a.rank) as "rank"
from
  (
    select
      "id",
      floor(radians(lng) / $1) as "cx",
      floor(ln(tan(pi() / 4 + radians(least(greatest(lat, -85), 85)) / 2)) / $2) as "cy"
    from
      "sensors"
    where
      "city_key" = $3
      and "lng" >= $4
      and "lng" <= $5
      and "lat" >= $6
      and "lat" <= $7
  ) as "s"
  inner join (
    select
      "sensor_id",
      max(
        case severity
          when $8 then $9
          when $10 then $11
          when $12 then $13
          when $14 then $15
          else 0
        end
      ) as "rank"
    from
      "alerts"
    where
      "status" in ($16, $17)
      and "suppressed" = $18
      and "sensor_id" is not null
      and "city_key" = $19
    group by
      "sensor_id"
  ) as "a" on "a"."sensor_id" = "s"."id"
group by
  "s"."cx",
  "s"."cy";

-- listCityTwinSensors
select
  "sensors"."id",
  "sensors"."name",
  "sensors"."type",
  "sensors"."status",
  "sensors"."lat",
  "sensors"."lng",
  "l"."value",
  "sensors"."metadata"
from
  "sensors"
  left join "sensor_latest" as "l" on "l"."sensor_id" = "sensors"."id"
where
  "sensors"."city_key" = $1
order by
  "sensors"."city_key",
  "sensors"."id";

-- findSensor
select
  "sensors".*,
  "l"."value",
  "l"."last_reading"
from
  "sensors"
  left join "sensor_latest" as "l" on "l"."sensor_id" = "sensors"."id"
where
  "sensors"."id" = $1;

-- updateSensor
update "sensors"
set
  "updated_at" = $1,
  "status" = case
    when l.last_heard is null then 'pending'
    else 'active'
  end
from
  "sensor_latest" as "l"
where
  "l"."sensor_id" = "sensors"."id"
  and "sensors"."id" = $2
returning
  "sensors".*,
  "l"."value",
  "l"."last_reading";

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

-- countSensorsByCity
select
  "city_key",
  "type",
  "status",
  sum(n)::int as "n"
from
  "sensor_counts"
where
  "city_key" in ($1, $2)
group by
  "city_key",
  "type",
  "status"
having
  sum(n) <> 0;

select
  *
from
  "city_latest"
where
  "city_key" in ($1, $2);

-- countOneSensor
select
  count(*)::int as "count"
from
  (
    select
      "id"
    from
      "sensors"
    limit
      $1
  ) as "one";

-- figuresByType
select
  type,
  count(*)::int as monitored,
  (
    count(*) filter (
      where
        status = 'active'
        and value is not null
    )
  )::int as sensors,
  avg(value) filter (
    where
      status = 'active'
      and value is not null
  ) as avg,
  sum(value) filter (
    where
      status = 'active'
      and value is not null
  ) as sum,
  avg(
    case
      when jsonb_typeof(reading_metadata -> $1) = 'number' then (reading_metadata ->> $2)::float8
    end
  ) filter (
    where
      status = 'active'
      and value is not null
  ) as "d0",
  avg(
    case
      when jsonb_typeof(reading_metadata -> $3) = 'number' then (reading_metadata ->> $4)::float8
    end
  ) filter (
    where
      status = 'active'
      and value is not null
  ) as "d1",
  avg(
    case
      when jsonb_typeof(reading_metadata -> $5) = 'number' then (reading_metadata ->> $6)::float8
    end
  ) filter (
    where
      status = 'active'
      and value is not null
  ) as "d2",
  avg(
    case
      when jsonb_typeof(reading_metadata -> $7) = 'number' then (reading_metadata ->> $8)::float8
    end
  ) filter (
    where
      status = 'active'
      and value is not null
  ) as "d3"
from
  sensors s
  left join sensor_latest l on l.sensor_id = s.id
where
  city_key = $9
  and status <> 'inactive'
group by
  type;

-- countMonitoredOfType
select
  city_key,
  count(*)::int as monitored
from
  sensors
where
  city_key = any ($1::text[])
  and type = $2
  and status <> 'inactive'
group by
  city_key;

-- insertSensors
insert into
  sensors (id, name, type, city_key, location, lat, lng, unit, status, metadata)
select
  *
from
  unnest(
    $1::text[],
    $2::text[],
    $3::text[],
    $4::text[],
    $5::text[],
    $6::float8[],
    $7::float8[],
    $8::text[],
    $9::text[],
    $10::jsonb[]
  )
on conflict (id) do nothing;
