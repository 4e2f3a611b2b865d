-- The SQL of sensorthings.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- sensorPage
select
  s.id,
  s.name,
  s.type,
  s.city_key,
  c.name as city_name,
  s.location,
  s.lat,
  s.lng,
  s.status,
  (
    extract(
      epoch
      from
        s.created_at
    ) * 1000000
  )::bigint::text as created
from
  sensors s
  join cities c on c.key = s.city_key
where
  (
    "s"."city_key" = $1::text
    and (
      "s"."name" >= $2::text
      or (not "s"."status" = $3::text)
    )
  )
  and "s"."name" >= $4::text
  and (
    ("s"."name" > $5::text)
    or (
      "s"."name" = $6::text
      and "s"."id" > $7::text
    )
  )
order by
  "s"."name" asc,
  "s"."id" asc
limit
  $8
offset
  $9;

-- sensorCount
select
  count(*)::text as n
from
  sensors s
where
  s.type = $1
  and (
    "s"."city_key" = $2::text
    and (
      "s"."name" >= $3::text
      or (not "s"."status" = $4::text)
    )
  );

-- sensorsByIds
select
  s.id,
  s.name,
  s.type,
  s.city_key,
  c.name as city_name,
  s.location,
  s.lat,
  s.lng,
  s.status,
  (
    extract(
      epoch
      from
        s.created_at
    ) * 1000000
  )::bigint::text as created
from
  sensors s
  join cities c on c.key = s.city_key
where
  s.id = any ($1::text[])
  and (
    "s"."city_key" = $2::text
    and (
      "s"."name" >= $3::text
      or (not "s"."status" = $4::text)
    )
  );

-- sensorsOfKinds
select
  k.kind,
  p.*
from
  unnest($1::text[]) as k (kind)
  cross join lateral (
    select
      s.id,
      s.name,
      s.type,
      s.city_key,
      c.name as city_name,
      s.location,
      s.lat,
      s.lng,
      s.status,
      (
        extract(
          epoch
          from
            s.created_at
        ) * 1000000
      )::bigint::text as created
    from
      sensors s
      join cities c on c.key = s.city_key
    where
      s.type = k.kind
    order by
      "s"."id" asc
    limit
      $2
    offset
      $3
  ) p;

-- sensorCountsOfKinds
select
  s.type as kind,
  count(*)::text as n
from
  sensors s
where
  s.type = any ($1::text[])
  and (
    "s"."city_key" = $2::text
    and (
      "s"."name" >= $3::text
      or (not "s"."status" = $4::text)
    )
  )
group by
  s.type;

-- readingPage
select
  d.sensor_id,
  d.value,
  (
    extract(
      epoch
      from
        d."timestamp"
    ) * 1000000
  )::bigint::text as micros
from
  sensor_data d
where
  d.sensor_id = $1
  and (
    "d"."timestamp" >= $2::timestamptz
    and "d"."value" > $3::double precision
  )
  and ("d"."timestamp" < $4::timestamptz)
order by
  "d"."timestamp" desc
limit
  $5
offset
  $6;

select
  d.sensor_id,
  d.value,
  (
    extract(
      epoch
      from
        d."timestamp"
    ) * 1000000
  )::bigint::text as micros
from
  sensor_data d
where
  d."timestamp" >= $1::timestamptz
  and d."timestamp" <= $2::timestamptz
order by
  "d"."timestamp" desc,
  d.sensor_id collate "C" asc
limit
  $3
offset
  $4;

-- readingCount
select
  count(*)::text as n
from
  sensor_data d
where
  d.sensor_id = $1
  and (
    "d"."timestamp" >= $2::timestamptz
    and "d"."value" > $3::double precision
  );

-- readingsOfSensors
select
  r.sensor_id,
  r.value,
  r.micros
from
  unnest($1::text[]) as p (sensor_id)
  cross join lateral (
    select
      d.sensor_id,
      d.value,
      (
        extract(
          epoch
          from
            d."timestamp"
        ) * 1000000
      )::bigint::text as micros
    from
      sensor_data d
    where
      d.sensor_id = p.sensor_id
      and (
        "d"."timestamp" >= $2::timestamptz
        and "d"."value" > $3::double precision
      )
    order by
      "d"."timestamp" desc
    limit
      $4
    offset
      $5
  ) r;

-- readingAt
select
  d.sensor_id,
  d.value,
  (
    extract(
      epoch
      from
        d."timestamp"
    ) * 1000000
  )::bigint::text as micros
from
  sensor_data d
where
  d.sensor_id = $1
  and d."timestamp" = $2::timestamptz;
