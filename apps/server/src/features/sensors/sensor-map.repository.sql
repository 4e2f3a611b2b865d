-- The SQL of sensor-map.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- clusterSensors
set
  local work_mem = '32MB';

select
  "cells"."cx",
  "cells"."cy",
  "cells"."n",
  "cells"."lng",
  "cells"."lat",
  "cells"."west",
  "cells"."south",
  "cells"."east",
  "cells"."north",
  "cells"."worst",
  "cells"."id",
  "sensors"."name",
  "sensors"."type",
  "sensors"."status"
from
  (
    select
      floor(radians(lng) / $1) as "cx",
      floor(ln(tan(pi() / 4 + radians(least(greatest(lat, -85), 85)) / 2)) / $2) as "cy",
      count(*)::int as "n",
      avg(lng) as "lng",
      avg(lat) as "lat",
      min(lng) as "west",
      min(lat) as "south",
      max(lng) as "east",
      max(lat) as "north",
      max(
        case status
          when $3 then $4
          when $5 then $6
          when $7 then $8
          when $9 then $10
          when $11 then $12
          else 0
        end
      ) as "worst",
      case
        when count(*) = 1 then min(id)
      end as "id"
    from
      "sensors"
    where
      "lng" >= $13
      and "lng" <= $14
      and "lat" >= $15
      and "lat" <= $16
    group by
      "cx",
      "cy"
  ) as "cells"
  left join "sensors" on "sensors"."id" = "cells"."id"
order by
  "cells"."n" desc;

-- worstAlertCells
select
  "s"."cx",
  "s"."cy",
  max(a.rank) as "rank"
from
  (
    select
      "id",
      floor(radians(lng) / $1) as "cx",
      floor(ln(tan(pi() / 4 + radians(least(greatest(lat, -85), 85)) / 2)) / $2) as "cy"
    from
      "sensors"
    where
      "city_key" = $3
      and "lng" >= $4
      and "lng" <= $5
      and "lat" >= $6
      and "lat" <= $7
  ) as "s"
  inner join (
    select
      "sensor_id",
      max(
        case severity
          when $8 then $9
          when $10 then $11
          when $12 then $13
          when $14 then $15
          else 0
        end
      ) as "rank"
    from
      "alerts"
    where
      "status" in ($16, $17)
      and "suppressed" = $18
      and "sensor_id" is not null
      and "city_key" = $19
    group by
      "sensor_id"
  ) as "a" on "a"."sensor_id" = "s"."id"
group by
  "s"."cx",
  "s"."cy";

-- listCityTwinSensors
select
  "sensors"."id",
  "sensors"."name",
  "sensors"."type",
  "sensors"."status",
  "sensors"."lat",
  "sensors"."lng",
  "l"."value",
  "sensors"."metadata"
from
  "sensors"
  left join "sensor_latest" as "l" on "l"."sensor_id" = "sensors"."id"
where
  "sensors"."city_key" = $1
order by
  "sensors"."city_key",
  "sensors"."id";
