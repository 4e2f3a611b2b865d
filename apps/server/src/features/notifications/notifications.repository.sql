-- The SQL of notifications.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertNotifications
insert into
  notifications (
    id,
    user_id,
    kind,
    alert_id,
    alert_title,
    alert_severity,
    alert_facts,
    report_id,
    report_category,
    report_status,
    report_description,
    report_merged_into,
    city_key,
    actor,
    excerpt,
    dedupe_key,
    created_at
  )
select
  id,
  user_id,
  kind,
  alert_id,
  alert_title,
  alert_severity,
  alert_facts::jsonb,
  report_id,
  report_category,
  report_status,
  report_description,
  report_merged_into,
  city_key,
  actor,
  excerpt,
  dedupe_key,
  created_at
from
  unnest(
    $1::text[],
    $2::text[],
    $3::text[],
    $4::text[],
    $5::text[],
    $6::text[],
    $7::text[],
    $8::bigint[],
    $9::text[],
    $10::text[],
    $11::text[],
    $12::bigint[],
    $13::text[],
    $14::text[],
    $15::text[],
    $16::text[],
    $17::timestamptz[]
  ) as u (
    id,
    user_id,
    kind,
    alert_id,
    alert_title,
    alert_severity,
    alert_facts,
    report_id,
    report_category,
    report_status,
    report_description,
    report_merged_into,
    city_key,
    actor,
    excerpt,
    dedupe_key,
    created_at
  )
on conflict (dedupe_key) do nothing
returning
  *;

-- listNotifications
select
  *
from
  "notifications"
where
  "user_id" = $1
  and "read_at" is null
  and (
    "created_at" < $2
    or (
      "created_at" = $3
      and "id" < $4
    )
  )
order by
  "created_at" desc,
  "id" desc
limit
  $5;

-- countUnread
select
  count(*)::int as "count"
from
  "notifications"
where
  "user_id" = $1
  and "read_at" is null;

-- markNotificationRead
update "notifications"
set
  "read_at" = coalesce(read_at, $1)
where
  "id" = $2
  and "user_id" = $3
returning
  *;

-- markAllNotificationsRead
update "notifications"
set
  "read_at" = $1
where
  "user_id" = $2
  and "read_at" is null;
