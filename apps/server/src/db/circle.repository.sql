-- The SQL of circle.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- within
-- (sends no SQL)
