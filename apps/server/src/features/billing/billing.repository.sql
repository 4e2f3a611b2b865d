-- The SQL of billing.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- upsertCharge
insert into
  "statement_charges" (
    "booking_id",
    "user_id",
    "account_name",
    "account_email",
    "city_key",
    "month",
    "kind",
    "label",
    "service",
    "urgency",
    "amount_paise",
    "booked_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
on conflict ("booking_id") do update
set
  "kind" = $14,
  "label" = $15,
  "amount_paise" = $16,
  "updated_at" = $17;

-- deleteCharge
delete from "statement_charges"
where
  "booking_id" = $1;

-- listCharges
select
  *
from
  "statement_charges"
where
  "user_id" = $1
  and "month" = $2
order by
  "booked_at",
  "booking_id";

-- sumChargesByServiceAndUrgency
select
  "service",
  "urgency",
  count(*)::int as "bookings",
  coalesce(sum(amount_paise), 0)::bigint as "revenue"
from
  "statement_charges"
where
  "month" = $1
group by
  "service",
  "urgency";

-- topChargedAccounts
select
  "user_id",
  max(account_name) as "name",
  max(account_email) as "email",
  count(*)::int as "bookings",
  coalesce(sum(amount_paise), 0)::bigint as "revenue"
from
  "statement_charges"
where
  "month" = $1
group by
  "user_id"
order by
  sum(amount_paise) desc,
  "user_id"
limit
  $2;
