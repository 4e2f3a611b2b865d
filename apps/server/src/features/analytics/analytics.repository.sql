-- The SQL of analytics.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- trendPairsBetween
select
  type,
  count(*)::int as sensors,
  avg(now_value) as now_avg,
  sum(now_value) as now_sum,
  avg(then_mean) as then_avg,
  sum(then_mean) as then_sum
from
  (
    select
      s.type,
      l.value as now_value,
      sum(m.sum) / sum(m.count) as then_mean
    from
      sensors s
      join sensor_latest l on l.sensor_id = s.id
      join sensor_readings_minute m on m.sensor_id = s.id
    where
      s.city_key = $1
      and s.status = 'active'
      and l.value is not null
      and m.minute >= $2
      and m.minute < $3
    group by
      s.type,
      s.id,
      l.value
    having
      sum(m.count) > 0
  ) pairs
group by
  type;

-- spanFigures
select
  sum(m.sum) / nullif(sum(m.count), 0) as mean,
  min(m.min) as min,
  max(m.max) as max,
  coalesce(sum(m.count), 0)::int as readings,
  count(distinct m.sensor_id)::int as sensors
from
  sensor_readings_minute m
  join sensors s on s.id = m.sensor_id
where
  s.city_key = $1
  and s.type = $2
  and m.minute >= $3
  and m.minute < $4;

-- cityBuckets
select
  city_key,
  bucket,
  sum(total) / sum(n) as weighted_mean,
  sum(total / n) as sum_of_means,
  min(lo) as min,
  max(hi) as max,
  sum(lo) as sum_of_mins,
  sum(hi) as sum_of_maxes,
  count(*)::int as sensors
from
  (
    select
      s.city_key,
      s.id,
      date_bin(make_interval(secs => $1), m.minute, timestamptz 'epoch') as bucket,
      sum(m.sum) as total,
      sum(m.count)::float8 as n,
      min(m.min) as lo,
      max(m.max) as hi
    from
      sensors s
      join sensor_readings_minute m on m.sensor_id = s.id
    where
      s.city_key = any ($2::text[])
      and s.type = $3
      and m.minute >= $4
      and m.minute < $5
    group by
      s.city_key,
      s.id,
      3
    having
      sum(m.count) > 0
  ) per_sensor
group by
  city_key,
  bucket
order by
  city_key,
  bucket;

-- cityPeriodsQuery
select
  city_key,
  "hour" as bucket,
  sum / count as weighted_mean,
  sum_of_means,
  min,
  max,
  sum_of_mins,
  sum_of_maxes,
  sensors
from
  "city_readings_hourly"
where
  city_key = any ($1::text[])
  and type = $2
  and "hour" >= $3
  and "hour" < $4
  and count > 0
order by
  city_key,
  bucket;
