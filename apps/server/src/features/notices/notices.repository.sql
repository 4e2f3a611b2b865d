-- The SQL of notices.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- listNotices
select
  *
from
  "notices"
order by
  "created_at" desc,
  "id" desc
limit
  $1;

-- findNotice
select
  *
from
  "notices"
where
  "id" = $1;

-- insertNotice
insert into
  "notices" ("id", "title", "content", "author", "created_at", "updated_at")
values
  ($1, $2, $3, $4, $5, $6)
returning
  *;

-- claimNoticeKey
insert into
  "notice_idempotency_keys" ("user_id", "key", "request_hash", "notice_id", "created_at")
values
  ($1, $2, $3, $4, $5)
on conflict ("user_id", "key") do nothing
returning
  "key";

-- findNoticeKey
select
  "request_hash",
  "notice_id"
from
  "notice_idempotency_keys"
where
  "user_id" = $1
  and "key" = $2;

-- updateNotice
update "notices"
set
  "title" = $1
where
  "id" = $2
returning
  *;

-- deleteNotice
delete from "notices"
where
  "id" = $1
returning
  *;
