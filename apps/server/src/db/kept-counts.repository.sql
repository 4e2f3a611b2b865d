-- The SQL of kept-counts.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- compactKeptCounts
with
  gone as (
    delete from sensor_counts
    returning
      *
  )
insert into
  sensor_counts (city_key, type, status, n)
select
  city_key,
  type,
  status,
  sum(n)
from
  gone
group by
  1,
  2,
  3
having
  sum(n) <> 0;

with
  gone as (
    delete from alert_counts
    returning
      *
  )
insert into
  alert_counts (city_key, sensor_type, rule, severity, status, shelved, suppressed, n)
select
  city_key,
  sensor_type,
  rule,
  severity,
  status,
  shelved,
  suppressed,
  sum(n)
from
  gone
group by
  1,
  2,
  3,
  4,
  5,
  6,
  7
having
  sum(n) <> 0;

-- startKeptCountsJob
-- (sends no SQL)
