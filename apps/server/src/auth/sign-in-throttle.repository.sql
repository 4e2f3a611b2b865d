-- The SQL of sign-in-throttle.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- insertSignInFailure
insert into
  "sign_in_failures" ("account_key", "ip", "failed_at")
values
  ($1, $2, $3);

-- recentFailureTimes
select
  "failed_at"
from
  "sign_in_failures"
where
  "account_key" = $1
  and "failed_at" >= $2
order by
  "failed_at" desc
limit
  $3;

-- deleteAccountFailures
delete from "sign_in_failures"
where
  "account_key" = $1;

-- deleteFailuresBefore
delete from "sign_in_failures"
where
  "failed_at" < $1;
