-- The SQL of alert-comments.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertComment
insert into
  "alert_comments" (
    "id",
    "alert_id",
    "author_id",
    "author_name",
    "author_role",
    "body",
    "mentions",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8)
returning
  *;

-- listComments
select
  *
from
  "alert_comments"
where
  "alert_id" = $1
order by
  "created_at",
  "id"
limit
  $2;
