-- The SQL of email-outbox.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- enqueueEmails
insert into
  email_outbox (dedupe_key, to_address, template, language, params, next_attempt_at, created_at)
select
  u.dedupe_key,
  u.to_address,
  u.template,
  u.language,
  u.params::jsonb,
  $1,
  $2
from
  unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as u (dedupe_key, to_address, template, language, params)
on conflict (dedupe_key) do nothing;

-- claimDueEmails
update email_outbox o
set
  locked_until = $1,
  attempts = o.attempts + 1
from
  (
    select
      id
    from
      email_outbox
    where
      status = 'pending'
      and next_attempt_at <= $2
      and (
        locked_until is null
        or locked_until <= $3
      )
    order by
      next_attempt_at,
      id
    limit
      $4
    for update
      skip locked
  ) due
where
  o.id = due.id
returning
  o.*;

-- markEmailSent
update "email_outbox"
set
  "status" = $1,
  "sent_at" = $2,
  "locked_until" = $3,
  "last_error" = $4
where
  "id" = $5;

-- markEmailFailed
update "email_outbox"
set
  "status" = $1,
  "next_attempt_at" = $2,
  "locked_until" = $3,
  "last_error" = $4
where
  "id" = $5;

-- countEmailsByStatus
select
  "status",
  count(*)::int as "count"
from
  "email_outbox"
group by
  "status";
