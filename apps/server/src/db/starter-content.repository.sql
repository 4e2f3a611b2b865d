-- The SQL of starter-content.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- claimStarterContent
insert into
  "starter_content" ("name", "seeded_at")
values
  ($1, $2)
on conflict ("name") do nothing
returning
  "name";

-- releaseStarterContent
delete from "starter_content"
where
  "name" = $1;

-- findAccountByEmail
select
  "id",
  "name",
  "email",
  "role"
from
  "auth_user"
where
  "email" = $1;
