-- The SQL of account-profile.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertProfile
insert into
  "users" ("id", "first_name", "last_name", "department", "role")
values
  ($1, $2, $3, $4, $5)
on conflict ("id") do nothing;

-- syncProfileAccess
update "users"
set
  "role" = $1,
  "is_active" = $2,
  "updated_at" = now()
where
  "id" = $3
  and (
    "role" <> $4
    or "is_active" <> $5
  );

-- recordLastLogin
update "users"
set
  "last_login" = $1
where
  "id" = $2;

-- deleteProfile
delete from "users"
where
  "id" = $1;

-- findAccountLanguage
select
  "language"
from
  "users"
where
  "id" = $1;
