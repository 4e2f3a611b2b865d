-- The SQL of contracts.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- listContracts
select
  "contracts".*,
  (
    select
      count(*)::int
    from
      contract_feedback f
    where
      f.contract_id = contracts.id
  ) as "feedback_count"
from
  "contracts"
order by
  "updated_at" desc,
  "id";

-- findContract
select
  "contracts".*,
  (
    select
      count(*)::int
    from
      contract_feedback f
    where
      f.contract_id = contracts.id
  ) as "feedback_count"
from
  "contracts"
where
  "id" = $1
for update;

-- listVersions
select
  *
from
  "contract_versions"
where
  "contract_id" in ($1)
order by
  "contract_id",
  "version" desc;

-- insertContract
insert into
  "contracts" ("id", "name", "type", "description", "status", "version", "created_at", "updated_at")
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

-- updateContract
update "contracts"
set
  "name" = $1,
  "type" = $2,
  "description" = $3,
  "status" = $4,
  "version" = $5,
  "updated_at" = $6
where
  "id" = $7;

-- insertVersion
insert into
  "contract_versions" ("contract_id", "version", "name", "type", "description", "status", "at")
values
  ($1, $2, $3, $4, $5, $6, $7);

-- listFeedback
select
  *
from
  "contract_feedback"
where
  "contract_id" = $1
order by
  "created_at" desc,
  "id";

-- insertFeedback
insert into
  "contract_feedback" ("id", "contract_id", "user_id", "author", "body", "created_at")
values
  ($1, $2, $3, $4, $5, $6)
on conflict ("contract_id", "user_id") do nothing
returning
  "id";
