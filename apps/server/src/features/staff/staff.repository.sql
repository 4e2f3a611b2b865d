-- The SQL of staff.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- listStaff
select
  "users"."id",
  "auth_user"."name",
  "auth_user"."email",
  "auth_user"."username",
  "users"."notification_preferences",
  "users"."language",
  users.role as "role"
from
  "users"
  inner join "auth_user" on "auth_user"."id" = "users"."id"
where
  "users"."is_active" = $1
  and coalesce(auth_user.banned, false) = false
  and "users"."role" in ($2, $3)
order by
  "auth_user"."name",
  "users"."id";

-- listPeople
select
  "users"."id",
  "auth_user"."name",
  "auth_user"."email",
  "auth_user"."username",
  "users"."notification_preferences",
  "users"."language",
  "users"."role"
from
  "users"
  inner join "auth_user" on "auth_user"."id" = "users"."id"
where
  "users"."is_active" = $1
  and coalesce(auth_user.banned, false) = false
  and "users"."id" in ($2, $3)
order by
  "users"."id";
