-- The SQL of sensor-counts.repository.ts, as `npm run db:sql` records it: do not edit by hand.

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
