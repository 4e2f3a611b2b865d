-- The SQL of rate-counts.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- addRateCounts
insert into
  open_data_rate_counts as c (client, window_start, count)
select
  client,
  $1::timestamptz,
  n
from
  unnest($2::text[], $3::int[]) as u (client, n)
order by
  client
on conflict (client, window_start) do update
set
  count = c.count + excluded.count
returning
  client,
  count;

-- forgetRateCounts
delete from "open_data_rate_counts"
where
  "window_start" < $1;
