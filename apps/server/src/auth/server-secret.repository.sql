-- The SQL of server-secret.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- getOrCreateServerSecret
insert into
  "server_secrets" ("name", "value")
values
  ($1, $2)
on conflict ("name") do nothing;

select
  "value"
from
  "server_secrets"
where
  "name" = $1;
