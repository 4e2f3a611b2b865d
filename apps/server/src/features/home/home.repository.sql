-- The SQL of home.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- airFigures
select
  count(*)::int as sensors,
  avg(l.value) as mean
from
  sensors s
  join sensor_latest l on l.sensor_id = s.id
where
  s.city_key = $1
  and s.type = $2
  and s.status = 'active'
  and l.value is not null
  and (
    s.lat between $3::float8 and $4::float8
    and s.lng between $5::float8 and $6::float8
    and power((s.lat - $7::float8) * $8::float8, 2) + power((s.lng - $9::float8) * $10::float8, 2) <= $11::float8
  );

-- supplyFigures
select
  count(*) filter (
    where
      near
  )::int as area_meters,
  count(*) filter (
    where
      near
      and low
  )::int as area_low,
  count(*)::int as city_meters,
  count(*) filter (
    where
      low
  )::int as city_low
from
  (
    select
      (
        s.lat between $1::float8 and $2::float8
        and s.lng between $3::float8 and $4::float8
        and power((s.lat - $5::float8) * $6::float8, 2) + power((s.lng - $7::float8) * $8::float8, 2) <= $9::float8
      ) as near,
      l.value < $10::float8 * case
        when jsonb_typeof(s.metadata -> 'ratedMld') = 'number' then (s.metadata ->> 'ratedMld')::float8
      end as low
    from
      sensors s
      join sensor_latest l on l.sensor_id = s.id
    where
      s.city_key = $11
      and s.type = $12
      and s.status = 'active'
      and l.value is not null
      and jsonb_typeof(s.metadata -> 'ratedMld') = 'number'
  ) m;

-- busiestPlaces
select
  place,
  congestion,
  count(*) over ()::int as places
from
  (
    select
      s.location as place,
      max(l.value) as congestion
    from
      sensors s
      join sensor_latest l on l.sensor_id = s.id
    where
      s.city_key = $1
      and s.type = $2
      and s.status = 'active'
      and l.value is not null
      and (
        s.lat between $3::float8 and $4::float8
        and s.lng between $5::float8 and $6::float8
        and power((s.lat - $7::float8) * $8::float8, 2) + power((s.lng - $9::float8) * $10::float8, 2) <= $11::float8
      )
    group by
      s.location
  ) p
order by
  congestion desc,
  place
limit
  $12;

-- activeAlertsNear
select
  (
    count(*) filter (
      where
        (
          s.lat between $1::float8 and $2::float8
          and s.lng between $3::float8 and $4::float8
          and power((s.lat - $5::float8) * $6::float8, 2) + power((s.lng - $7::float8) * $8::float8, 2) <= $9::float8
        )
    )
  )::int as near,
  count(*)::int as city
from
  alerts a
  join sensors s on s.id = a.sensor_id
where
  a.city_key = $10
  and a.status = any ($11::text[])
  and a.rule <> 'offline'
  and s.type <> 'population'
  -- Raised inside a maintenance window: not a condition to tell residents about.
  and not a.suppressed;

select
  s.type,
  a.severity,
  coalesce(a.location, s.location) as place,
  a.created_at as since,
  a.value
from
  alerts a
  join sensors s on s.id = a.sensor_id
where
  a.city_key = $1
  and a.status = any ($2::text[])
  and a.rule <> 'offline'
  and s.type <> 'population'
  -- Raised inside a maintenance window: not a condition to tell residents about.
  and not a.suppressed
  and (
    s.lat between $3::float8 and $4::float8
    and s.lng between $5::float8 and $6::float8
    and power((s.lat - $7::float8) * $8::float8, 2) + power((s.lng - $9::float8) * $10::float8, 2) <= $11::float8
  )
order by
  case a.severity
    when 'critical' then 3
    when 'high' then 2
    when 'warning' then 1
    else 0
  end desc,
  a.created_at desc,
  a.id
limit
  $12;
