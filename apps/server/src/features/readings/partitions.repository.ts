import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The tables split by time (migration 0030): raw readings and the minute and quarter-hour rollups
 * by day, the hourly rollups by month. Each has a default partition for times no partition covers
 * yet; creating the partition moves those rows in.
 */
export const PARTITIONED_TABLES = [
  { table: 'sensor_data', column: 'timestamp', unit: 'day' },
  { table: 'sensor_readings_minute', column: 'minute', unit: 'day' },
  { table: 'sensor_readings_quarter', column: 'quarter', unit: 'day' },
  { table: 'sensor_readings_hourly', column: 'hour', unit: 'month' },
] as const;

export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** One partition: its table's name and the times it holds, [lower, upper). */
export type Partition = { name: string; lower: Date; upper: Date };

const DAY_MS = 86_400_000;

/** The partition of `spec` that holds time `at` (UTC days and months). */
export function partitionAt(spec: PartitionedTable, at: Date): Partition {
  if (spec.unit === 'day') {
    const lower = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
    const stamp = lower.toISOString().slice(0, 10).replaceAll('-', '');
    return { name: `${spec.table}_p${stamp}`, lower, upper: new Date(lower.getTime() + DAY_MS) };
  }
  const lower = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const upper = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  const stamp = lower.toISOString().slice(0, 7).replace('-', '');
  return { name: `${spec.table}_p${stamp}`, lower, upper };
}

/** The partitions of `spec` covering [from, to], oldest first. */
export function partitionsBetween(spec: PartitionedTable, from: Date, to: Date): Partition[] {
  const parts: Partition[] = [];
  for (let p = partitionAt(spec, from); p.lower <= to; p = partitionAt(spec, p.upper))
    parts.push(p);
  return parts;
}

/** The partition a name stands for (as `partitionAt` names them), or null for any other table. */
function partitionNamed(spec: PartitionedTable, name: string): Partition | null {
  const match = new RegExp(`^${spec.table}_p(\\d{4})(\\d{2})(\\d{2})?$`).exec(name);
  if (!match) return null;
  const [, y, m, d] = match;
  if ((spec.unit === 'day') !== (d !== undefined)) return null;
  const at = new Date(Date.UTC(Number(y), Number(m) - 1, d === undefined ? 1 : Number(d)));
  const part = partitionAt(spec, at);
  return part.name === name ? part : null;
}

const PARTITIONS_LOCK = sql`hashtext('smart-city:readings-partitions')`;

/**
 * How long creating or dropping a partition waits for the table's lock. Both need the parent table
 * to themselves for a moment; a longer wait would hold up every reading queued behind it, so the
 * job gives up and tries again at its next run.
 */
const PARTITION_LOCK_TIMEOUT_MS = 250;

/** Whether an error is a lock wait given up (lock_timeout). */
function isLockTimeout(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '55P03';
}

/**
 * Creates a partition unless it exists (moving in what the default partition holds for it), one
 * process at a time. True when it was created.
 */
export async function ensurePartition(
  db: Kysely<Database>,
  spec: PartitionedTable,
  part: Partition,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`.execute(trx);
    await sql`select set_config('lock_timeout', ${`${PARTITION_LOCK_TIMEOUT_MS}ms`}, true)`.execute(
      trx,
    );
    const result = await sql<{ created: boolean }>`
      select ensure_time_partition(${spec.table}, ${part.name}, ${part.lower}, ${part.upper},
        ${spec.column}) as created`.execute(trx);
    return Boolean(result.rows[0]?.created);
  });
}

/** The partitions of a table, oldest first (the default partition aside). */
export async function listPartitions(
  db: Kysely<Database>,
  spec: PartitionedTable,
): Promise<Partition[]> {
  const result = await sql<{ name: string }>`
    select c.relname as name
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${spec.table}::regclass`.execute(db);
  return result.rows
    .map((r) => partitionNamed(spec, r.name))
    .filter((p): p is Partition => p !== null)
    .sort((a, b) => a.lower.getTime() - b.lower.getTime());
}

/**
 * Drops a whole partition. Raw readings not folded yet keep theirs until they are (their rollups and
 * their sensors' latest values come from them): answers 'unfolded' then, 'busy' when the table's lock
 * was not free in time, 'dropped' otherwise.
 */
export async function dropPartition(
  db: Kysely<Database>,
  spec: PartitionedTable,
  part: Partition,
): Promise<'dropped' | 'unfolded' | 'busy'> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`.execute(trx);
      if (spec.table === 'sensor_data') {
        const unfolded = await sql<{ any: boolean }>`
          select exists (
            select 1 from ${sql.table(part.name)}
            where xact >= (select folded_below from readings_fold where id = 1)
          ) as any`.execute(trx);
        if (unfolded.rows[0]?.any) return 'unfolded';
      }
      await sql`select set_config('lock_timeout', ${`${PARTITION_LOCK_TIMEOUT_MS}ms`}, true)`.execute(
        trx,
      );
      await sql`drop table if exists ${sql.table(part.name)}`.execute(trx);
      return 'dropped';
    });
  } catch (err) {
    if (isLockTimeout(err)) return 'busy';
    throw err;
  }
}

/**
 * Vacuums and analyzes one table or partition, marking its pages all-visible so reads answer from
 * its indexes alone; skipped when another process holds it (a vacuum there does the same).
 */
export async function vacuumTable(db: Kysely<Database>, name: string): Promise<void> {
  await sql`vacuum (analyze, skip_locked) ${sql.table(name)}`.execute(db);
}

/**
 * Deletes the rows older than `before` that wait in a table's default partition (times no partition
 * covered when they arrived): few, so a delete is cheap. Raw readings not folded yet stay.
 */
export async function pruneDefaultPartition(
  db: Kysely<Database>,
  spec: PartitionedTable,
  before: Date,
): Promise<number> {
  const unfolded =
    spec.table === 'sensor_data'
      ? sql`and xact < (select folded_below from readings_fold where id = 1)`
      : sql``;
  const result = await sql`
    delete from ${sql.table(`${spec.table}_default`)}
    where ${sql.ref(spec.column)} < ${before} ${unfolded}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Deletes daily rollups (per sensor and per city) older than `before`. */
export async function pruneDailyRollups(db: Kysely<Database>, before: Date): Promise<number> {
  const sensors = await sql`delete from sensor_readings_daily where day < ${before}`.execute(db);
  const cities = await sql`delete from city_readings_daily where day < ${before}`.execute(db);
  return Number(sensors.numAffectedRows ?? 0) + Number(cities.numAffectedRows ?? 0);
}

/** Deletes the cities' hourly rollups older than `before` (the sensors' go by partition). */
export async function pruneCityHourlyRollups(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await sql`delete from city_readings_hourly where hour < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** What the readings take on disk, for /metrics and the admin's settings. */
export type StorageFigures = {
  databaseBytes: number;
  rawBytes: number;
  rawPartitions: number;
  rollupBytes: number;
  /** The start of the oldest day holding raw readings (null without any). */
  oldestReading: Date | null;
};

/** Sizes of the database, of the raw readings (tables and indexes) and of the rollups. */
export async function storageFigures(db: Kysely<Database>): Promise<StorageFigures> {
  const sizes = await sql<{ database: string; raw: string; partitions: number; rollups: string }>`
    with tree as (
      select t.relid, t.isleaf, r.root
      from (values ('sensor_data'), ('sensor_readings_minute'), ('sensor_readings_quarter'),
        ('sensor_readings_hourly')) as r(root),
        lateral pg_partition_tree(r.root::regclass) t
      union all
      -- Tables not partitioned have no partition tree: each is its own leaf.
      select r.root::regclass, true, r.root
      from (values ('sensor_readings_daily'), ('city_readings_hourly'),
        ('city_readings_daily')) as r(root)
    )
    select pg_database_size(current_database())::text as database,
      coalesce(sum(pg_total_relation_size(relid)) filter (where root = 'sensor_data'), 0)::text as raw,
      (count(*) filter (where root = 'sensor_data' and isleaf))::int - 1 as partitions,
      coalesce(sum(pg_total_relation_size(relid)) filter (where root <> 'sensor_data'), 0)::text
        as rollups
    from tree`.execute(db);
  const row = sizes.rows[0]!;
  // The oldest partition holding a row, and anything older waiting in the default partition.
  const spec = PARTITIONED_TABLES[0];
  let oldest: Date | null = null;
  for (const part of await listPartitions(db, spec)) {
    const any = await sql<{ any: boolean }>`
      select exists (select 1 from ${sql.table(part.name)}) as any`.execute(db);
    if (any.rows[0]?.any) {
      oldest = part.lower;
      break;
    }
  }
  const stray = await sql<{ at: Date | string | null }>`
    select min("timestamp") as at from sensor_data_default`.execute(db);
  const strayAt = stray.rows[0]?.at ? new Date(stray.rows[0].at) : null;
  if (strayAt && (oldest === null || strayAt < oldest)) oldest = strayAt;
  return {
    databaseBytes: Number(row.database),
    rawBytes: Number(row.raw),
    rawPartitions: Math.max(0, Number(row.partitions)),
    rollupBytes: Number(row.rollups),
    oldestReading: oldest,
  };
}

/** A table whose rows wait to be moved into its partitions (migration 0030), with their span. */
export async function unpartitionedRows(
  db: Kysely<Database>,
  spec: PartitionedTable,
): Promise<{ from: Date; to: Date; rows: number } | null> {
  const old = `${spec.table}_unpartitioned`;
  const present = await sql<{ present: boolean }>`
    select to_regclass(${old}) is not null as present`.execute(db);
  if (!present.rows[0]?.present) return null;
  const span = await sql<{ from: Date | string | null; to: Date | string | null; rows: string }>`
    select min(${sql.ref(spec.column)}) as "from", max(${sql.ref(spec.column)}) as "to",
      count(*)::text as rows
    from ${sql.table(old)}`.execute(db);
  const row = span.rows[0];
  if (!row?.from || !row.to) return { from: new Date(0), to: new Date(0), rows: 0 };
  return { from: new Date(row.from), to: new Date(row.to), rows: Number(row.rows) };
}

/**
 * Moves the waiting rows of [from, to) into the partitioned table, in one short transaction: they
 * are never in both tables or in neither. Answers how many moved.
 */
export async function moveUnpartitionedRows(
  db: Kysely<Database>,
  spec: PartitionedTable,
  from: Date,
  to: Date,
): Promise<number> {
  const old = sql.table(`${spec.table}_unpartitioned`);
  const column = sql.ref(spec.column);
  const columns =
    spec.table === 'sensor_data'
      ? sql`sensor_id, value, unit, "timestamp", metadata, xact`
      : sql`sensor_id, ${column}, min, max, sum, count`;
  const result = await sql`
    with moved as (
      delete from ${old} where ${column} >= ${from} and ${column} < ${to}
      returning ${columns}
    )
    insert into ${sql.table(spec.table)} (${columns}) select ${columns} from moved`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Drops a table whose rows have all been moved. */
export async function dropUnpartitioned(
  db: Kysely<Database>,
  spec: PartitionedTable,
): Promise<void> {
  await sql`drop table if exists ${sql.table(`${spec.table}_unpartitioned`)}`.execute(db);
}
