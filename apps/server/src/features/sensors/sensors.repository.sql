-- The SQL of sensors.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- filtered
-- (sends no SQL)

-- listSensors
select
  "page".*,
  "l"."value",
  "l"."last_reading",
  "l"."reading_metadata"
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

-- findSensor
select
  "sensors".*,
  "l"."value",
  "l"."last_reading",
  "l"."reading_metadata"
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
  "l"."last_reading",
  "l"."reading_metadata";

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
