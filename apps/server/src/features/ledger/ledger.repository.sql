-- The SQL of ledger.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertPending
insert into
  "ledger_pending" ("type", "at", "payload", "ref")
values
  ($1, $2, $3, $4);

-- lockHead
select
  "seq",
  "hash",
  "frontier"
from
  "ledger_head"
where
  "id" = $1
for update;

-- takePending
select
  "id",
  "type",
  "at",
  "payload",
  "ref"
from
  "ledger_pending"
order by
  "id"
limit
  $1
for update
  skip locked;

-- chainedRefs
select
  "ref"
from
  "ledger_entries"
where
  "ref" in ($1);

-- appendChained
insert into
  "ledger_entries" ("type", "at", "payload", "ref", "seq", "prev_hash", "hash", "signature")
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

insert into
  "ledger_checkpoints" ("tree_size", "root_hash", "at", "signature")
values
  ($1, $2, $3, $4);

delete from "ledger_pending"
where
  "id" in ($1);

update "ledger_head"
set
  "seq" = $1,
  "hash" = $2,
  "frontier" = $3
where
  "id" = $4;

-- insertCheckpoint
insert into
  "ledger_checkpoints" ("tree_size", "root_hash", "at", "signature")
values
  ($1, $2, $3, $4);

-- latestCheckpoint
select
  *
from
  "ledger_checkpoints"
order by
  "tree_size" desc
limit
  $1;

-- listCheckpoints
select
  *
from
  "ledger_checkpoints"
order by
  "tree_size" desc
limit
  $1;

-- listEntries
select
  *
from
  "ledger_entries"
where
  "seq" > $1
  and "type" = $2
order by
  "seq"
limit
  $3;

-- findEntry
select
  *
from
  "ledger_entries"
where
  "seq" = $1;

-- entryHashesAfter
select
  "seq",
  "hash"
from
  "ledger_entries"
where
  "seq" > $1
order by
  "seq"
limit
  $2;

-- headSeq
select
  "seq"
from
  "ledger_head"
where
  "id" = $1;

-- countByType
select
  "type",
  count(*)::int as "count"
from
  "ledger_entries"
group by
  "type";

-- seqsOfRefs
select
  "ref",
  "seq"
from
  "ledger_entries"
where
  "ref" in ($1);

-- findLedgerKey
select
  "kid",
  "public_jwk"
from
  "ledger_keys"
limit
  $1;

-- recordFirstLedgerKey
select
  pg_advisory_xact_lock(hashtext ('smart-city:ledger-key'));

select
  "kid",
  "public_jwk"
from
  "ledger_keys"
limit
  $1;

insert into
  "ledger_keys" ("kid", "public_jwk", "created_at")
values
  ($1, $2, $3);

-- findUnusualAirQualityBands
select
  "sensor_id",
  "band"
from
  "air_quality_bands"
where
  sensor_id = any ($1::text[])
  and "band" <> $2;

-- lockAirQualityBands
insert into
  "air_quality_bands" ("sensor_id", "band", "changed_at")
values
  ($1, $2, $3),
  ($4, $5, $6)
on conflict ("sensor_id") do nothing;

select
  "sensor_id",
  "band"
from
  "air_quality_bands"
where
  "sensor_id" in ($1, $2)
order by
  "sensor_id"
for update;

-- saveAirQualityBand
insert into
  "air_quality_bands" ("sensor_id", "band", "changed_at")
values
  ($1, $2, $3)
on conflict ("sensor_id") do update
set
  "band" = $4,
  "changed_at" = $5;

-- claimDailySummary
insert into
  "air_quality_daily_summaries" ("city_key", "day")
values
  ($1, $2)
on conflict do nothing
returning
  "city_key";
