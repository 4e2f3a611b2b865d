-- The SQL of readings.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertReadings
insert into
  sensor_data (sensor_id, value, unit, "timestamp", metadata)
select
  *
from
  unnest($1::text[], $2::float8[], $3::text[], $4::timestamptz[], $5::jsonb[]);

insert into
  sensor_data (sensor_id, value, unit, "timestamp", metadata)
select
  *
from
  unnest($1::text[], $2::float8[], $3::text[], $4::timestamptz[], $5::jsonb[])
on conflict (sensor_id, "timestamp") do nothing;

select
  min(u.i)::int as i
from
  unnest($1::text[], $2::timestamptz[]) with ordinality as u (sensor_id, at, i)
  join sensor_data d on d.sensor_id = u.sensor_id
  and d."timestamp" = u.at
where
  d.xact = pg_current_xact_id()::text::bigint
group by
  u.sensor_id,
  u.at
order by
  1;

-- isStoredReading
-- (sends no SQL)

-- lockForIngest
select
  pg_advisory_xact_lock_shared(hashtext ('smart-city:readings-fold'));

-- foldCutoff
select
  pg_advisory_xact_lock(hashtext ('smart-city:readings-fold'));

select
  pg_current_xact_id()::text as cutoff;

-- claimFoldRange
select
  folded_below::text as "from"
from
  readings_fold
where
  id = 1
for update;

set
  local work_mem = '64MB';

-- markFolded
update readings_fold
set
  folded_below = $1::bigint,
  folded_at = $2
where
  id = 1;

-- rollUpReadings
with
  minutes as materialized (
    select
      sensor_id,
      date_trunc('minute', "timestamp") as minute,
      min(value) as min,
      max(value) as max,
      sum(value) as sum,
      count(*)::int as count
    from
      sensor_data
    where
      xact >= $1::bigint
      and xact < $2::bigint
    group by
      1,
      2
  ),
  folded as (
    select
      sensor_id,
      "timestamp",
      metadata
    from
      sensor_data
    where
      xact >= $3::bigint
      and xact < $4::bigint
  ),
  added as (
    insert into
      sensor_readings_minute as m (sensor_id, minute, min, max, sum, count)
    select
      sensor_id,
      minute,
      min,
      max,
      sum,
      count
    from
      minutes
    order by
      1,
      2
    on conflict (sensor_id, minute) do update
    set
      min = least(m.min, excluded.min),
      max = greatest(m.max, excluded.max),
      sum = m.sum + excluded.sum,
      count = m.count + excluded.count
  ),
  quarter_late as (
    select
      sensor_id,
      date_bin($5::interval, minute, timestamptz 'epoch') as "quarter",
      min(min) as min,
      max(max) as max,
      sum(sum) as sum,
      sum(count)::int as count
    from
      "minutes"
    where
      minute < (
        select
          "quarters_below"
        from
          readings_fold
        where
          id = 1
      )
    group by
      1,
      2
  ),
  quarter_before as (
    select
      l.sensor_id,
      l."quarter",
      l.min,
      l.max,
      l.sum,
      l.count,
      r.min as old_min,
      r.max as old_max,
      r.sum as old_sum,
      r.count as old_count
    from
      quarter_late l
      left join "sensor_readings_quarter" r on r.sensor_id = l.sensor_id
      and r."quarter" = l."quarter"
  ),
  quarter_added as (
    insert into
      "sensor_readings_quarter" as r (sensor_id, "quarter", min, max, sum, count)
    select
      sensor_id,
      "quarter",
      min,
      max,
      sum,
      count
    from
      quarter_late
    order by
      1,
      2
    on conflict (sensor_id, "quarter") do update
    set
      min = least(r.min, excluded.min),
      max = greatest(r.max, excluded.max),
      sum = r.sum + excluded.sum,
      count = r.count + excluded.count
  ),
  hour_late as (
    select
      sensor_id,
      date_bin($6::interval, minute, timestamptz 'epoch') as "hour",
      min(min) as min,
      max(max) as max,
      sum(sum) as sum,
      sum(count)::int as count
    from
      "minutes"
    where
      minute < (
        select
          "hours_below"
        from
          readings_fold
        where
          id = 1
      )
    group by
      1,
      2
  ),
  hour_before as (
    select
      l.sensor_id,
      l."hour",
      l.min,
      l.max,
      l.sum,
      l.count,
      r.min as old_min,
      r.max as old_max,
      r.sum as old_sum,
      r.count as old_count
    from
      hour_late l
      left join "sensor_readings_hourly" r on r.sensor_id = l.sensor_id
      and r."hour" = l."hour"
  ),
  hour_added as (
    insert into
      "sensor_readings_hourly" as r (sensor_id, "hour", min, max, sum, count)
    select
      sensor_id,
      "hour",
      min,
      max,
      sum,
      count
    from
      hour_late
    order by
      1,
      2
    on conflict (sensor_id, "hour") do update
    set
      min = least(r.min, excluded.min),
      max = greatest(r.max, excluded.max),
      sum = r.sum + excluded.sum,
      count = r.count + excluded.count
  ),
  hour_city as (
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
      count(*) filter (
        where
          b.old_count is null
      ),
      sum(
        (coalesce(b.old_sum, 0) + b.sum) / (coalesce(b.old_count, 0) + b.count) - coalesce(b.old_sum / nullif(b.old_count, 0), 0)
      ),
      sum(least(b.min, coalesce(b.old_min, b.min)) - coalesce(b.old_min, 0)),
      sum(greatest(b.max, coalesce(b.old_max, b.max)) - coalesce(b.old_max, 0))
    from
      hour_before b
      join sensors s on s.id = b.sensor_id
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
      min = least(c.min, excluded.min),
      max = greatest(c.max, excluded.max),
      sum = c.sum + excluded.sum,
      count = c.count + excluded.count,
      sensors = c.sensors + excluded.sensors,
      sum_of_means = c.sum_of_means + excluded.sum_of_means,
      sum_of_mins = c.sum_of_mins + excluded.sum_of_mins,
      sum_of_maxes = c.sum_of_maxes + excluded.sum_of_maxes
  ),
  day_late as (
    select
      sensor_id,
      date_bin($7::interval, minute, timestamptz 'epoch') as "day",
      min(min) as min,
      max(max) as max,
      sum(sum) as sum,
      sum(count)::int as count
    from
      "minutes"
    where
      minute < (
        select
          "days_below"
        from
          readings_fold
        where
          id = 1
      )
    group by
      1,
      2
  ),
  day_before as (
    select
      l.sensor_id,
      l."day",
      l.min,
      l.max,
      l.sum,
      l.count,
      r.min as old_min,
      r.max as old_max,
      r.sum as old_sum,
      r.count as old_count
    from
      day_late l
      left join "sensor_readings_daily" r on r.sensor_id = l.sensor_id
      and r."day" = l."day"
  ),
  day_added as (
    insert into
      "sensor_readings_daily" as r (sensor_id, "day", min, max, sum, count)
    select
      sensor_id,
      "day",
      min,
      max,
      sum,
      count
    from
      day_late
    order by
      1,
      2
    on conflict (sensor_id, "day") do update
    set
      min = least(r.min, excluded.min),
      max = greatest(r.max, excluded.max),
      sum = r.sum + excluded.sum,
      count = r.count + excluded.count
  ),
  day_city as (
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
      count(*) filter (
        where
          b.old_count is null
      ),
      sum(
        (coalesce(b.old_sum, 0) + b.sum) / (coalesce(b.old_count, 0) + b.count) - coalesce(b.old_sum / nullif(b.old_count, 0), 0)
      ),
      sum(least(b.min, coalesce(b.old_min, b.min)) - coalesce(b.old_min, 0)),
      sum(greatest(b.max, coalesce(b.old_max, b.max)) - coalesce(b.old_max, 0))
    from
      day_before b
      join sensors s on s.id = b.sensor_id
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
      min = least(c.min, excluded.min),
      max = greatest(c.max, excluded.max),
      sum = c.sum + excluded.sum,
      count = c.count + excluded.count,
      sensors = c.sensors + excluded.sensors,
      sum_of_means = c.sum_of_means + excluded.sum_of_means,
      sum_of_mins = c.sum_of_mins + excluded.sum_of_mins,
      sum_of_maxes = c.sum_of_maxes + excluded.sum_of_maxes
  ),
  pollutant_hours as (
    insert into
      air_pollutants_hourly as a (
        sensor_id,
        hour,
        "pm25_sum",
        "pm25_n",
        "pm10_sum",
        "pm10_n",
        "no2_sum",
        "no2_n",
        "so2_sum",
        "so2_n",
        "co_sum",
        "co_n",
        "o3_sum",
        "o3_n",
        "nh3_sum",
        "nh3_n",
        "pb_sum",
        "pb_n"
      )
    select
      sensor_id,
      date_bin('1 hour'::interval, "timestamp", timestamptz 'epoch'),
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $8) = 'number'
            and (metadata ->> $9)::float8 between 0 and $10::float8 then (metadata ->> $11)::float8
          end
        ),
        0
      ) as "pm25_sum",
      count(
        case
          when jsonb_typeof(metadata -> $12) = 'number'
          and (metadata ->> $13)::float8 between 0 and $14::float8 then (metadata ->> $15)::float8
        end
      )::int as "pm25_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $16) = 'number'
            and (metadata ->> $17)::float8 between 0 and $18::float8 then (metadata ->> $19)::float8
          end
        ),
        0
      ) as "pm10_sum",
      count(
        case
          when jsonb_typeof(metadata -> $20) = 'number'
          and (metadata ->> $21)::float8 between 0 and $22::float8 then (metadata ->> $23)::float8
        end
      )::int as "pm10_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $24) = 'number'
            and (metadata ->> $25)::float8 between 0 and $26::float8 then (metadata ->> $27)::float8
          end
        ),
        0
      ) as "no2_sum",
      count(
        case
          when jsonb_typeof(metadata -> $28) = 'number'
          and (metadata ->> $29)::float8 between 0 and $30::float8 then (metadata ->> $31)::float8
        end
      )::int as "no2_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $32) = 'number'
            and (metadata ->> $33)::float8 between 0 and $34::float8 then (metadata ->> $35)::float8
          end
        ),
        0
      ) as "so2_sum",
      count(
        case
          when jsonb_typeof(metadata -> $36) = 'number'
          and (metadata ->> $37)::float8 between 0 and $38::float8 then (metadata ->> $39)::float8
        end
      )::int as "so2_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $40) = 'number'
            and (metadata ->> $41)::float8 between 0 and $42::float8 then (metadata ->> $43)::float8
          end
        ),
        0
      ) as "co_sum",
      count(
        case
          when jsonb_typeof(metadata -> $44) = 'number'
          and (metadata ->> $45)::float8 between 0 and $46::float8 then (metadata ->> $47)::float8
        end
      )::int as "co_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $48) = 'number'
            and (metadata ->> $49)::float8 between 0 and $50::float8 then (metadata ->> $51)::float8
          end
        ),
        0
      ) as "o3_sum",
      count(
        case
          when jsonb_typeof(metadata -> $52) = 'number'
          and (metadata ->> $53)::float8 between 0 and $54::float8 then (metadata ->> $55)::float8
        end
      )::int as "o3_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $56) = 'number'
            and (metadata ->> $57)::float8 between 0 and $58::float8 then (metadata ->> $59)::float8
          end
        ),
        0
      ) as "nh3_sum",
      count(
        case
          when jsonb_typeof(metadata -> $60) = 'number'
          and (metadata ->> $61)::float8 between 0 and $62::float8 then (metadata ->> $63)::float8
        end
      )::int as "nh3_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $64) = 'number'
            and (metadata ->> $65)::float8 between 0 and $66::float8 then (metadata ->> $67)::float8
          end
        ),
        0
      ) as "pb_sum",
      count(
        case
          when jsonb_typeof(metadata -> $68) = 'number'
          and (metadata ->> $69)::float8 between 0 and $70::float8 then (metadata ->> $71)::float8
        end
      )::int as "pb_n"
    from
      "folded"
    where
      metadata ?| '{pm25,pm10,no2,so2,co,o3,nh3,pb}'::text[]
    group by
      1,
      2
    order by
      1,
      2
    on conflict (sensor_id, hour) do update
    set
      "pm25_sum" = a."pm25_sum" + excluded."pm25_sum",
      "pm25_n" = a."pm25_n" + excluded."pm25_n",
      "pm10_sum" = a."pm10_sum" + excluded."pm10_sum",
      "pm10_n" = a."pm10_n" + excluded."pm10_n",
      "no2_sum" = a."no2_sum" + excluded."no2_sum",
      "no2_n" = a."no2_n" + excluded."no2_n",
      "so2_sum" = a."so2_sum" + excluded."so2_sum",
      "so2_n" = a."so2_n" + excluded."so2_n",
      "co_sum" = a."co_sum" + excluded."co_sum",
      "co_n" = a."co_n" + excluded."co_n",
      "o3_sum" = a."o3_sum" + excluded."o3_sum",
      "o3_n" = a."o3_n" + excluded."o3_n",
      "nh3_sum" = a."nh3_sum" + excluded."nh3_sum",
      "nh3_n" = a."nh3_n" + excluded."nh3_n",
      "pb_sum" = a."pb_sum" + excluded."pb_sum",
      "pb_n" = a."pb_n" + excluded."pb_n"
  )
select
  coalesce(sum(count), 0)::int as readings
from
  minutes;

-- rawReadingsQuery
select
  "timestamp",
  "value"
from
  "sensor_data"
where
  "sensor_id" = $1
  and "timestamp" >= $2
order by
  "timestamp" desc
limit
  $3;

-- rawReadings
select
  "timestamp",
  "value"
from
  "sensor_data"
where
  "sensor_id" = $1
  and "timestamp" >= $2
order by
  "timestamp" desc
limit
  $3;

-- bucketedReadings
with
  fold as (
    select
      quarters_below as since
    from
      readings_fold
    where
      id = 1
  ),
  parts as (
    select
      quarter as t,
      min,
      max,
      sum,
      count,
      count as readings
    from
      sensor_readings_quarter,
      fold
    where
      sensor_id = $1
      and quarter >= $2
      and quarter < fold.since
    union all
    select
      minute,
      m.min,
      m.max,
      m.sum,
      m.count,
      m.count
    from
      sensor_readings_minute m,
      fold
    where
      sensor_id = $3
      and minute >= $4
      and (
        minute < $5
        or minute >= fold.since
      )
  )
select
  date_bin(make_interval(secs => $6), t, timestamptz 'epoch') as bucket,
  min(min) filter (
    where
      t >= $7
  ) as min,
  max(max) filter (
    where
      t >= $8
  ) as max,
  sum(sum) filter (
    where
      t >= $9
  ) as sum,
  (
    sum(count) filter (
      where
        t >= $10
    )
  )::int as count,
  sum(readings)::int as readings
from
  parts
group by
  1
order by
  1 desc;

-- rollupMarks
select
  "quarters_below",
  "hours_below",
  "days_below"
from
  "readings_fold"
where
  "id" = $1;

-- longWindowQuery
with
  parts as (
    select
      hour as t,
      min,
      max,
      sum,
      count
    from
      sensor_readings_hourly
    where
      sensor_id = $1
      and hour >= $2
      and hour < $3
    union all
    select
      quarter,
      min,
      max,
      sum,
      count
    from
      sensor_readings_quarter
    where
      sensor_id = $4
      and quarter >= $5
      and quarter < $6
    union all
    select
      minute,
      min,
      max,
      sum,
      count
    from
      sensor_readings_minute
    where
      sensor_id = $7
      and minute >= $8
  )
select
  date_bin($9::interval, t, timestamptz 'epoch') as bucket,
  min(min) as min,
  max(max) as max,
  sum(sum) as sum,
  sum(count)::int as count
from
  parts
group by
  1
having
  sum(count) > 0
order by
  1 desc;

-- earliestReadingDay
select
  min("day") as "first"
from
  "city_readings_daily";

-- longWindowBuckets
select
  "quarters_below",
  "hours_below",
  "days_below"
from
  "readings_fold"
where
  "id" = $1;

with
  parts as (
    select
      day as t,
      min,
      max,
      sum,
      count
    from
      sensor_readings_daily
    where
      sensor_id = $1
      and day >= $2
      and day < $3
    union all
    select
      hour as t,
      min,
      max,
      sum,
      count
    from
      sensor_readings_hourly
    where
      sensor_id = $4
      and hour >= $5
      and hour < $6
    union all
    select
      quarter,
      min,
      max,
      sum,
      count
    from
      sensor_readings_quarter
    where
      sensor_id = $7
      and quarter >= $8
      and quarter < $9
    union all
    select
      minute,
      min,
      max,
      sum,
      count
    from
      sensor_readings_minute
    where
      sensor_id = $10
      and minute >= $11
  )
select
  date_bin($12::interval, t, timestamptz 'epoch') as bucket,
  min(min) as min,
  max(max) as max,
  sum(sum) as sum,
  sum(count)::int as count
from
  parts
group by
  1
having
  sum(count) > 0
order by
  1 desc;
