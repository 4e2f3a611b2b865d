-- The SQL of account.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- findAccountById
select
  "id",
  "email",
  "name",
  "role",
  "banned",
  "is_demo"
from
  "auth_user"
where
  "id" = $1;

-- isDemoAccountId
select
  "is_demo"
from
  "auth_user"
where
  "id" = $1;

-- isDemoAccountEmail
select
  "is_demo"
from
  "auth_user"
where
  "email" = $1;

-- findEmailByUsername
select
  "email"
from
  "auth_user"
where
  "username" = $1;

-- deleteDemoSessions
delete from "auth_session"
where
  "userId" in (
    select
      "id"
    from
      "auth_user"
    where
      "is_demo" = $1
  );
