-- The SQL of device-keys.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertDeviceKey
insert into
  "device_keys" (
    "id",
    "name",
    "city_key",
    "kind",
    "rate_limit",
    "key_hash",
    "key_prefix",
    "created_by",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning
  *;

-- listActiveDeviceKeys
select
  *
from
  "device_keys"
where
  "revoked_at" is null
order by
  "created_at" desc;

-- findActiveKeyByHash
select
  *
from
  "device_keys"
where
  "key_hash" = $1
  and "revoked_at" is null;

-- revokeDeviceKey
update "device_keys"
set
  "revoked_at" = $1
where
  "id" = $2
  and "revoked_at" is null;
