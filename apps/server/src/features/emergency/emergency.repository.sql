-- The SQL of emergency.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertBooking
insert into
  "emergency_bookings" (
    "id",
    "reference",
    "user_id",
    "owner_name",
    "owner_email",
    "city_key",
    "service",
    "urgency",
    "urgency_rank",
    "add_ons",
    "remote",
    "location",
    "lat",
    "lng",
    "description",
    "contact_name",
    "contact_phone",
    "email",
    "alternate_contact",
    "payment_method",
    "status",
    "quote_lines",
    "subtotal_paise",
    "gst_paise",
    "total_paise",
    "statement_month",
    "created_at",
    "updated_at"
  )
values
  (
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    $7,
    $8,
    $9,
    $10,
    $11,
    $12,
    $13,
    $14,
    $15,
    $16,
    $17,
    $18,
    $19,
    $20,
    $21,
    $22,
    $23,
    $24,
    $25,
    $26,
    $27,
    $28
  )
returning
  *;

-- updateBooking
update "emergency_bookings"
set
  "status" = $1,
  "charged_paise" = $2,
  "updated_at" = $3
where
  "id" = $4
returning
  *;

-- nextReferenceSequence
insert into
  "booking_reference_counters" ("prefix", "last")
values
  ($1, $2)
on conflict ("prefix") do update
set
  "last" = booking_reference_counters.last + 1
returning
  "last";

-- findBooking
select
  *
from
  "emergency_bookings"
where
  "id" = $1
for update;

-- insertHistory
insert into
  "emergency_booking_history" (
    "booking_id",
    "action",
    "from_status",
    "to_status",
    "actor_name",
    "actor_role",
    "note",
    "at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

-- listHistory
select
  *
from
  "emergency_booking_history"
where
  "booking_id" in ($1)
order by
  "booking_id",
  "at",
  "id";

-- listBookings
select
  *
from
  "emergency_bookings"
where
  "city_key" = $1
  and "status" in ($2, $3, $4, $5)
  and "service" = $6
  and "created_at" >= $7
  and (
    "urgency_rank" < $8
    or (
      "urgency_rank" = $9
      and ("created_at", "id") > ($10, $11)
    )
  )
order by
  "urgency_rank" desc,
  "created_at",
  "id"
limit
  $12;

-- countBookingsByStatus
select
  "status",
  count(*)::int as "count"
from
  "emergency_bookings"
where
  "status" in ($1, $2, $3, $4)
  and "city_key" = $5
group by
  "status";

-- claimIdempotencyKey
insert into
  "booking_idempotency_keys" ("user_id", "key", "request_hash", "booking_id", "created_at")
values
  ($1, $2, $3, $4, $5)
on conflict ("user_id", "key") do nothing
returning
  "key";

-- findIdempotencyKey
select
  "request_hash",
  "booking_id"
from
  "booking_idempotency_keys"
where
  "user_id" = $1
  and "key" = $2;
