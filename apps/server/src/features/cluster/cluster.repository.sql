-- The SQL of cluster.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- withJoinLock
select
  pg_advisory_xact_lock(hashtext ('smart-city:server-processes'));

-- findRunningProcesses
select
  "id",
  "host",
  "pid",
  "port",
  "ledger_key_file",
  extract(
    epoch
    from
      now() - seen_at
  )::float8 as "silent_for_s"
from
  "server_processes"
where
  "id" != $1
  and "seen_at" > now() - make_interval(secs => $2)
order by
  "started_at";

-- deleteSilentProcesses
delete from "server_processes"
where
  "seen_at" <= now() - make_interval(secs => $1);

-- insertProcess
insert into
  "server_processes" ("id", "host", "pid", "port", "ledger_key_file")
values
  ($1, $2, $3, $4, $5);

-- touchProcess
insert into
  "server_processes" ("id", "host", "pid", "port", "ledger_key_file")
values
  ($1, $2, $3, $4, $5)
on conflict ("id") do update
set
  "seen_at" = now();

-- deleteProcess
delete from "server_processes"
where
  "id" = $1;

-- findSharedSettings
select
  "name",
  "fingerprint",
  "salt",
  "shown"
from
  "shared_settings";

-- saveSharedSetting
insert into
  "shared_settings" ("name", "fingerprint", "salt", "shown")
values
  ($1, $2, $3, $4)
on conflict ("name") do update
set
  "fingerprint" = $5,
  "salt" = $6,
  "shown" = $7,
  "updated_at" = now();
