-- The SQL of cities.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- listCities
select
  *
from
  "cities"
order by
  "sort_order",
  "key";
