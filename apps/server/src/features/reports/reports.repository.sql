-- The SQL of reports.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- listCategorySettings
select
  *
from
  "report_categories"
where
  "city_key" = $1
order by
  "city_key",
  "code";

-- listFollowerIds
select
  "user_id"
from
  "report_followers"
where
  "report_id" = $1
order by
  "user_id";

-- claimOverdueReports
select
  *
from
  "reports"
where
  "status" in ($1, $2, $3)
  and "due_at" < $4
  and "escalated_at" is null
order by
  "due_at",
  "id"
limit
  $5
for update
  skip locked;

-- upsertCategorySetting
insert into
  "report_categories" ("city_key", "code", "department", "sla_hours", "updated_at")
values
  ($1, $2, $3, $4, $5)
on conflict ("city_key", "code") do update
set
  "department" = $6,
  "sla_hours" = $7,
  "updated_at" = $8
returning
  *;

-- nextReportId
select
  nextval(pg_get_serial_sequence($1, $2)) as "id";

-- insertReport
insert into
  "reports" (
    "id",
    "city_key",
    "category",
    "status",
    "description",
    "lat",
    "lng",
    "address",
    "area_key",
    "department",
    "source",
    "reporter_id",
    "followers",
    "created_at",
    "updated_at",
    "due_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
returning
  *;

-- findReport
select
  *
from
  "reports"
where
  "id" = $1;

-- lockReport
select
  *
from
  "reports"
where
  "id" = $1
for update;

-- updateReport
update "reports"
set
  "status" = $1,
  "updated_at" = $2
where
  "id" = $3
returning
  *;

-- listReports
select
  *
from
  "reports"
where
  "city_key" = $1
  and "status" = $2
  and "category" = $3
  and "area_key" = $4
  and (
    "created_at" < $5
    or (
      "created_at" = $6
      and "id" < $7
    )
  )
order by
  "created_at" desc,
  "id" desc
limit
  $8;

-- listQueue
select
  *
from
  "reports"
where
  "city_key" = $1
  and "status" in ($2, $3, $4)
  and "category" = $5
  and "department" = $6
  and "due_at" < $7
  and (
    "due_at" > $8
    or (
      "due_at" = $9
      and "id" > $10
    )
  )
order by
  "due_at",
  "id"
limit
  $11;

-- listOpenInBox
select
  *
from
  "reports"
where
  "city_key" = $1
  and "category" = $2
  and "status" in ($3, $4, $5)
  and "lat" >= $6
  and "lat" <= $7
  and "lng" >= $8
  and "lng" <= $9
limit
  $10;

-- listMine
select
  *
from
  "reports"
where
  (
    "reporter_id" = $1
    or "id" in (
      select
        "report_id"
      from
        "report_followers"
      where
        "user_id" = $2
    )
  )
order by
  "created_at" desc,
  "id" desc
limit
  $3;

-- listPhotosOf
select
  "id",
  "report_id",
  "width",
  "height"
from
  "report_photos"
where
  "report_id" in ($1)
order by
  "report_id",
  "position";

-- insertPhoto
insert into
  "report_photos" ("id", "uploader_id", "storage_key", "width", "height", "bytes", "created_at")
values
  ($1, $2, $3, $4, $5, $6, $7)
returning
  *;

-- findPhoto
select
  *
from
  "report_photos"
where
  "id" = $1;

-- attachPhotos
update "report_photos"
set
  "report_id" = $1,
  "position" = $2
where
  "id" = $3
  and "uploader_id" = $4
  and "report_id" is null
returning
  "id";

-- deleteUnattachedPhotos
delete from "report_photos"
where
  "id" in (
    select
      "id"
    from
      "report_photos"
    where
      "report_id" is null
      and "created_at" < $1
    limit
      $2
  )
returning
  "storage_key";

-- addFollower
insert into
  "report_followers" ("report_id", "user_id", "created_at")
values
  ($1, $2, $3)
on conflict ("report_id", "user_id") do nothing
returning
  "user_id";

-- removeFollower
delete from "report_followers"
where
  "report_id" = $1
  and "user_id" = $2
returning
  "user_id";

-- isFollower
select
  "user_id"
from
  "report_followers"
where
  "report_id" = $1
  and "user_id" = $2;

-- moveFollowers
insert into
  "report_followers" ("report_id", "user_id", "created_at")
select
  $1 as "report_id",
  "user_id",
  $2 as "created_at"
from
  "report_followers"
where
  "report_id" = $3
on conflict ("report_id", "user_id") do nothing;

select
  count(*) as "count"
from
  "report_followers"
where
  "report_id" = $1;

-- countFollowers
select
  count(*) as "count"
from
  "report_followers"
where
  "report_id" = $1;

-- insertReportEvent
insert into
  "report_events" ("report_id", "at", "kind", "status", "actor_role", "actor_id", "department", "note")
values
  ($1, $2, $3, $4, $5, $6, $7, $8)
returning
  "id";

-- listReportEvents
select
  *
from
  "report_events"
where
  "report_id" = $1
order by
  "at",
  "id";

-- claimReportKey
insert into
  "report_idempotency_keys" ("user_id", "key", "request_hash", "report_id", "created_at")
values
  ($1, $2, $3, $4, $5)
on conflict ("user_id", "key") do nothing
returning
  "key";

-- findReportKey
select
  *
from
  "report_idempotency_keys"
where
  "user_id" = $1
  and "key" = $2;

-- bumpFollowers
update "reports"
set
  "followers" = "followers" + $1
where
  "id" = $2
returning
  "followers";

-- listForOpen311
select
  *
from
  "reports"
where
  "id" in ($1, $2)
  and "city_key" = $3
  and "category" in ($4)
  and "status" in ($5, $6, $7)
  and "created_at" >= $8
  and "created_at" <= $9
  and "lat" >= $10
  and "lat" <= $11
  and "lng" >= $12
  and "lng" <= $13
order by
  "created_at" desc,
  "id" desc
limit
  $14;
