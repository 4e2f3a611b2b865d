-- The SQL of rollups.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- addToBuiltPeriods
-- (sends no SQL)

-- addToPollutantHours
-- (sends no SQL)

-- buildEndedPeriods
with
  state as (
    select
      "quarters_below" as since
    from
      readings_fold
    where
      id = 1
  ),
  built as (
    insert into
      "sensor_readings_quarter" as r (sensor_id, "quarter", min, max, sum, count)
    select
      sensor_id,
      date_bin($1::interval, "minute", timestamptz 'epoch'),
      min(min),
      max(max),
      sum(sum),
      sum(count)::int
    from
      "sensor_readings_minute",
      state
    where
      "minute" >= state.since
      and "minute" < $2
    group by
      1,
      2
    order by
      1,
      2
    on conflict (sensor_id, "quarter") do update
    set
      min = excluded.min,
      max = excluded.max,
      sum = excluded.sum,
      count = excluded.count
    returning
      r.sensor_id,
      r."quarter",
      r.min,
      r.max,
      r.sum,
      r.count
  )
update readings_fold
set
  "quarters_below" = $3
where
  id = 1
  and "quarters_below" < $4;

with
  state as (
    select
      "hours_below" as since
    from
      readings_fold
    where
      id = 1
  ),
  built as (
    insert into
      "sensor_readings_hourly" as r (sensor_id, "hour", min, max, sum, count)
    select
      sensor_id,
      date_bin($1::interval, "quarter", timestamptz 'epoch'),
      min(min),
      max(max),
      sum(sum),
      sum(count)::int
    from
      "sensor_readings_quarter",
      state
    where
      "quarter" >= state.since
      and "quarter" < $2
    group by
      1,
      2
    order by
      1,
      2
    on conflict (sensor_id, "hour") do update
    set
      min = excluded.min,
      max = excluded.max,
      sum = excluded.sum,
      count = excluded.count
    returning
      r.sensor_id,
      r."hour",
      r.min,
      r.max,
      r.sum,
      r.count
  ),
  city as (
    insert into
      "city_readings_hourly" as c (
        city_key,
        type,
        "hour",
        min,
        max,
        sum,
        count,
        sensors,
        sum_of_means,
        sum_of_mins,
        sum_of_maxes
      )
    select
      s.city_key,
      s.type,
      b."hour",
      min(b.min),
      max(b.max),
      sum(b.sum),
      sum(b.count),
      count(*),
      sum(b.sum / b.count),
      sum(b.min),
      sum(b.max)
    from
      built b
      join sensors s on s.id = b.sensor_id
    where
      b.count > 0
    group by
      1,
      2,
      3
    order by
      1,
      2,
      3
    on conflict (city_key, type, "hour") do update
    set
      min = excluded.min,
      max = excluded.max,
      sum = excluded.sum,
      count = excluded.count,
      sensors = excluded.sensors,
      sum_of_means = excluded.sum_of_means,
      sum_of_mins = excluded.sum_of_mins,
      sum_of_maxes = excluded.sum_of_maxes
  )
update readings_fold
set
  "hours_below" = $3
where
  id = 1
  and "hours_below" < $4;

with
  state as (
    select
      "days_below" as since
    from
      readings_fold
    where
      id = 1
  ),
  built as (
    insert into
      "sensor_readings_daily" as r (sensor_id, "day", min, max, sum, count)
    select
      sensor_id,
      date_bin($1::interval, "hour", timestamptz 'epoch'),
      min(min),
      max(max),
      sum(sum),
      sum(count)::int
    from
      "sensor_readings_hourly",
      state
    where
      "hour" >= state.since
      and "hour" < $2
    group by
      1,
      2
    order by
      1,
      2
    on conflict (sensor_id, "day") do update
    set
      min = excluded.min,
      max = excluded.max,
      sum = excluded.sum,
      count = excluded.count
    returning
      r.sensor_id,
      r."day",
      r.min,
      r.max,
      r.sum,
      r.count
  ),
  city as (
    insert into
      "city_readings_daily" as c (
        city_key,
        type,
        "day",
        min,
        max,
        sum,
        count,
        sensors,
        sum_of_means,
        sum_of_mins,
        sum_of_maxes
      )
    select
      s.city_key,
      s.type,
      b."day",
      min(b.min),
      max(b.max),
      sum(b.sum),
      sum(b.count),
      count(*),
      sum(b.sum / b.count),
      sum(b.min),
      sum(b.max)
    from
      built b
      join sensors s on s.id = b.sensor_id
    where
      b.count > 0
    group by
      1,
      2,
      3
    order by
      1,
      2,
      3
    on conflict (city_key, type, "day") do update
    set
      min = excluded.min,
      max = excluded.max,
      sum = excluded.sum,
      count = excluded.count,
      sensors = excluded.sensors,
      sum_of_means = excluded.sum_of_means,
      sum_of_mins = excluded.sum_of_mins,
      sum_of_maxes = excluded.sum_of_maxes
  )
update readings_fold
set
  "days_below" = $3
where
  id = 1
  and "days_below" < $4;
