-- The SQL of simulator.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- hasAnyReadings
select
  exists (
    select
      1
    from
      sensor_readings_minute
  )
  or exists (
    select
      1
    from
      sensor_data
  ) as any;

-- claimForHistory
select
  pg_advisory_xact_lock(hashtext ('smart-city:simulated-history'));

select
  exists (
    select
      1
    from
      sensor_readings_minute
  )
  or exists (
    select
      1
    from
      sensor_data
  ) as any;

select
  1
from
  readings_fold
where
  id = 1
for update;

with
  added as (
    insert into
      sensor_readings_minute (sensor_id, minute, min, max, sum, count)
    select
      $1,
      to_timestamp(t / 1000),
      lo,
      hi,
      total,
      n
    from
      unnest($2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::int[]) as u (t, lo, hi, total, n)
    on conflict (sensor_id, minute) do nothing
    returning
      sensor_id,
      minute,
      min,
      max,
      sum,
      count
  ),
  quarter_late as (
    select
      sensor_id,
      date_bin($7::interval, minute, timestamptz 'epoch') as "quarter",
      min(min) as min,
      max(max) as max,
      sum(sum) as sum,
      sum(count)::int as count
    from
      "added"
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
      date_bin($8::interval, minute, timestamptz 'epoch') as "hour",
      min(min) as min,
      max(max) as max,
      sum(sum) as sum,
      sum(count)::int as count
    from
      "added"
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
      date_bin($9::interval, minute, timestamptz 'epoch') as "day",
      min(min) as min,
      max(max) as max,
      sum(sum) as sum,
      sum(count)::int as count
    from
      "added"
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
  )
select
  1;

-- insertHistoryRollups
select
  1
from
  readings_fold
where
  id = 1
for update;

with
  added as (
    insert into
      sensor_readings_minute (sensor_id, minute, min, max, sum, count)
    select
      $1,
      to_timestamp(t / 1000),
      lo,
      hi,
      total,
      n
    from
      unnest($2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::int[]) as u (t, lo, hi, total, n)
    on conflict (sensor_id, minute) do nothing
    returning
      sensor_id,
      minute,
      min,
      max,
      sum,
      count
  ),
  quarter_late as (
    select
      sensor_id,
      date_bin($7::interval, minute, timestamptz 'epoch') as "quarter",
      min(min) as min,
      max(max) as max,
      sum(sum) as sum,
      sum(count)::int as count
    from
      "added"
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
      date_bin($8::interval, minute, timestamptz 'epoch') as "hour",
      min(min) as min,
      max(max) as max,
      sum(sum) as sum,
      sum(count)::int as count
    from
      "added"
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
      date_bin($9::interval, minute, timestamptz 'epoch') as "day",
      min(min) as min,
      max(max) as max,
      sum(sum) as sum,
      sum(count)::int as count
    from
      "added"
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
  )
select
  1;

-- insertHistoryReadings
with
  written as (
    insert into
      sensor_data (sensor_id, value, unit, "timestamp", metadata, xact)
    select
      $1,
      v,
      $2,
      to_timestamp(t / 1000),
      m,
      0
    from
      unnest($3::float8[], $4::float8[], $5::jsonb[]) as u (t, v, m)
    returning
      sensor_id,
      "timestamp",
      metadata
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
            when jsonb_typeof(metadata -> $6) = 'number'
            and (metadata ->> $7)::float8 between 0 and $8::float8 then (metadata ->> $9)::float8
          end
        ),
        0
      ) as "pm25_sum",
      count(
        case
          when jsonb_typeof(metadata -> $10) = 'number'
          and (metadata ->> $11)::float8 between 0 and $12::float8 then (metadata ->> $13)::float8
        end
      )::int as "pm25_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $14) = 'number'
            and (metadata ->> $15)::float8 between 0 and $16::float8 then (metadata ->> $17)::float8
          end
        ),
        0
      ) as "pm10_sum",
      count(
        case
          when jsonb_typeof(metadata -> $18) = 'number'
          and (metadata ->> $19)::float8 between 0 and $20::float8 then (metadata ->> $21)::float8
        end
      )::int as "pm10_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $22) = 'number'
            and (metadata ->> $23)::float8 between 0 and $24::float8 then (metadata ->> $25)::float8
          end
        ),
        0
      ) as "no2_sum",
      count(
        case
          when jsonb_typeof(metadata -> $26) = 'number'
          and (metadata ->> $27)::float8 between 0 and $28::float8 then (metadata ->> $29)::float8
        end
      )::int as "no2_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $30) = 'number'
            and (metadata ->> $31)::float8 between 0 and $32::float8 then (metadata ->> $33)::float8
          end
        ),
        0
      ) as "so2_sum",
      count(
        case
          when jsonb_typeof(metadata -> $34) = 'number'
          and (metadata ->> $35)::float8 between 0 and $36::float8 then (metadata ->> $37)::float8
        end
      )::int as "so2_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $38) = 'number'
            and (metadata ->> $39)::float8 between 0 and $40::float8 then (metadata ->> $41)::float8
          end
        ),
        0
      ) as "co_sum",
      count(
        case
          when jsonb_typeof(metadata -> $42) = 'number'
          and (metadata ->> $43)::float8 between 0 and $44::float8 then (metadata ->> $45)::float8
        end
      )::int as "co_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $46) = 'number'
            and (metadata ->> $47)::float8 between 0 and $48::float8 then (metadata ->> $49)::float8
          end
        ),
        0
      ) as "o3_sum",
      count(
        case
          when jsonb_typeof(metadata -> $50) = 'number'
          and (metadata ->> $51)::float8 between 0 and $52::float8 then (metadata ->> $53)::float8
        end
      )::int as "o3_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $54) = 'number'
            and (metadata ->> $55)::float8 between 0 and $56::float8 then (metadata ->> $57)::float8
          end
        ),
        0
      ) as "nh3_sum",
      count(
        case
          when jsonb_typeof(metadata -> $58) = 'number'
          and (metadata ->> $59)::float8 between 0 and $60::float8 then (metadata ->> $61)::float8
        end
      )::int as "nh3_n",
      coalesce(
        sum(
          case
            when jsonb_typeof(metadata -> $62) = 'number'
            and (metadata ->> $63)::float8 between 0 and $64::float8 then (metadata ->> $65)::float8
          end
        ),
        0
      ) as "pb_sum",
      count(
        case
          when jsonb_typeof(metadata -> $66) = 'number'
          and (metadata ->> $67)::float8 between 0 and $68::float8 then (metadata ->> $69)::float8
        end
      )::int as "pb_n"
    from
      "written"
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
  1;
