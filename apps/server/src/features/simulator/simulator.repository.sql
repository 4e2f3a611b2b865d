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
  unnest($3::float8[], $4::float8[], $5::jsonb[]) as u (t, v, m);
