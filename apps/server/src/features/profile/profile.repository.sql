-- The SQL of profile.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- findProfile
select
  "users".*,
  "auth_user"."email",
  "auth_user"."is_demo"
from
  "users"
  inner join "auth_user" on "auth_user"."id" = "users"."id"
where
  "users"."id" = $1;

-- updateProfile
update "users"
set
  "first_name" = $1,
  "last_name" = $2,
  "area" = $3,
  "updated_at" = now()
where
  "id" = $4
returning
  "first_name",
  "last_name";

-- findPreferences
select
  "notification_preferences",
  "language"
from
  "users"
where
  "id" = $1;

-- updatePreferences
update "users"
set
  "notification_preferences" = notification_preferences || $1::jsonb,
  "language" = $2,
  "updated_at" = now()
where
  "id" = $3
returning
  "notification_preferences",
  "language";
