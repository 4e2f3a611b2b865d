-- The SQL of staff.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- listStaff
select
  "users"."id",
  "auth_user"."name",
  "auth_user"."email",
  "auth_user"."username",
  users.role as "role",
  "users"."notification_preferences",
  "users"."language"
from
  "users"
  inner join "auth_user" on "auth_user"."id" = "users"."id"
where
  "users"."role" in ($1, $2)
  and "users"."is_active" = $3
  and coalesce(auth_user.banned, false) = false
order by
  "auth_user"."name",
  "users"."id";
