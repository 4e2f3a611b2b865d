-- The SQL of partitions.repository.ts, as `npm run db:sql` records it: do not edit by hand.

-- partitionAt
-- (sends no SQL)

-- partitionsBetween
-- (sends no SQL)

-- ensurePartition
insert into
  sensor_data (sensor_id, value, unit, "timestamp", metadata)
select
  *
from
  unnest($1::text[], $2::float8[], $3::text[], $4::timestamptz[], $5::jsonb[]);

select
  pg_advisory_xact_lock(hashtext ('smart-city:readings-partitions'));

select
  set_config('lock_timeout', $1, true);

select
  ensure_time_partition ($1, $2, $3, $4, $5) as created;

-- listPartitions
select
  c.relname as name
from
  pg_inherits i
  join pg_class c on c.oid = i.inhrelid
where
  i.inhparent = $1::regclass;

-- dropPartition
select
  pg_advisory_xact_lock(hashtext ('smart-city:readings-partitions'));

select
  exists (
    select
      1
    from
      "sensor_data_p20261119"
    where
      xact >= (
        select
          folded_below
        from
          readings_fold
        where
          id = 1
      )
  ) as any;

select
  set_config('lock_timeout', $1, true);

drop table if exists "sensor_data_p20261119";

-- vacuumTable
vacuum (
  analyze,
  skip_locked
) "sensor_data_p20261120";

-- pruneDefaultPartition
delete from "sensor_data_default"
where
  "timestamp" < $1
  and xact < (
    select
      folded_below
    from
      readings_fold
    where
      id = 1
  );

-- pruneDailyRollups
delete from sensor_readings_daily
where
  day < $1;

delete from city_readings_daily
where
  day < $1;

-- pruneCityHourlyRollups
delete from city_readings_hourly
where
  hour < $1;

-- storageFigures
with
  tree as (
    select
      t.relid,
      t.isleaf,
      r.root
    from
      (
        values
          ('sensor_data'),
          ('sensor_readings_minute'),
          ('sensor_readings_quarter'),
          ('sensor_readings_hourly')
      ) as r (root),
      lateral pg_partition_tree(r.root::regclass) t
    union all
    -- Tables not partitioned have no partition tree: each is its own leaf.
    select
      r.root::regclass,
      true,
      r.root
    from
      (
        values
          ('sensor_readings_daily'),
          ('city_readings_hourly'),
          ('city_readings_daily')
      ) as r (root)
  )
select
  pg_database_size(current_database())::text as database,
  coalesce(
    sum(pg_total_relation_size(relid)) filter (
      where
        root = 'sensor_data'
    ),
    0
  )::text as raw,
  (
    count(*) filter (
      where
        root = 'sensor_data'
        and isleaf
    )
  )::int - 1 as partitions,
  coalesce(
    sum(pg_total_relation_size(relid)) filter (
      where
        root <> 'sensor_data'
    ),
    0
  )::text as rollups
from
  tree;

select
  c.relname as name
from
  pg_inherits i
  join pg_class c on c.oid = i.inhrelid
where
  i.inhparent = $1::regclass;

select
  exists (
    select
      1
    from
      "sensor_data_p20261120"
  ) as any;

select
  min("timestamp") as at
from
  sensor_data_default;

-- unpartitionedRows
select
  to_regclass($1) is not null as present;

select
  min("timestamp") as "from",
  max("timestamp") as "to",
  count(*)::text as rows
from
  "sensor_data_unpartitioned";

-- moveUnpartitionedRows
with
  moved as (
    delete from "sensor_data_unpartitioned"
    where
      "timestamp" >= $1
      and "timestamp" < $2
    returning
      sensor_id,
      value,
      unit,
      "timestamp",
      metadata,
      xact
  )
insert into
  "sensor_data" (sensor_id, value, unit, "timestamp", metadata, xact)
select
  sensor_id,
  value,
  unit,
  "timestamp",
  metadata,
  xact
from
  moved;

-- dropUnpartitioned
drop table if exists "sensor_data_unpartitioned";
