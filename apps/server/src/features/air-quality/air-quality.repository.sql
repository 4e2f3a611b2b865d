-- The SQL of air-quality.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- pollutantHours
select
  a.hour,
  avg(a."pm25_sum" / nullif(a."pm25_n", 0)) as "pm25",
  avg(a."pm10_sum" / nullif(a."pm10_n", 0)) as "pm10",
  avg(a."no2_sum" / nullif(a."no2_n", 0)) as "no2",
  avg(a."so2_sum" / nullif(a."so2_n", 0)) as "so2",
  avg(a."co_sum" / nullif(a."co_n", 0)) as "co",
  avg(a."o3_sum" / nullif(a."o3_n", 0)) as "o3",
  avg(a."nh3_sum" / nullif(a."nh3_n", 0)) as "nh3",
  avg(a."pb_sum" / nullif(a."pb_n", 0)) as "pb",
  count(*)::int as sensors
from
  air_pollutants_hourly a
  join sensors s on s.id = a.sensor_id
where
  a.hour >= $1
  and a.hour < $2
  and s.city_key = $3
  and s.type = 'air_quality'
group by
  a.hour
order by
  a.hour;

select
  a.hour,
  avg(a."pm25_sum" / nullif(a."pm25_n", 0)) as "pm25",
  avg(a."pm10_sum" / nullif(a."pm10_n", 0)) as "pm10",
  avg(a."no2_sum" / nullif(a."no2_n", 0)) as "no2",
  avg(a."so2_sum" / nullif(a."so2_n", 0)) as "so2",
  avg(a."co_sum" / nullif(a."co_n", 0)) as "co",
  avg(a."o3_sum" / nullif(a."o3_n", 0)) as "o3",
  avg(a."nh3_sum" / nullif(a."nh3_n", 0)) as "nh3",
  avg(a."pb_sum" / nullif(a."pb_n", 0)) as "pb",
  count(*)::int as sensors
from
  air_pollutants_hourly a
  join sensors s on s.id = a.sensor_id
where
  a.hour >= $1
  and a.hour < $2
  and s.city_key = $3
  and s.type = 'air_quality'
  and (
    s.lat between $4::float8 and $5::float8
    and s.lng between $6::float8 and $7::float8
    and power((s.lat - $8::float8) * $9::float8, 2) + power((s.lng - $10::float8) * $11::float8, 2) <= $12::float8
  )
group by
  a.hour
order by
  a.hour;

-- deleteOldPollutantHours
delete from "air_pollutants_hourly"
where
  "hour" < $1;
