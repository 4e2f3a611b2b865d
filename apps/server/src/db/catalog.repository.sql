-- The SQL of catalog.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- catalogColumns
select
  c.relname as "table",
  a.attname as "column",
  format_type(a.atttypid, a.atttypmod) as "type",
  not a.attnotnull as "nullable",
  (
    a.atthasdef
    or a.attidentity <> ''
  ) as "generated",
  obj_description(c.oid, 'pg_class') as "tableNote",
  col_description(c.oid, a.attnum) as "note"
from
  pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid
where
  n.nspname = 'public'
  and c.relkind in ('r', 'p')
  and not c.relispartition
  and a.attnum > 0
  and not a.attisdropped
order by
  c.relname,
  a.attnum;
