import { sql, type Kysely, type Transaction } from 'kysely';
import { addToBuiltPeriods, addToPollutantHours } from '../../db/rollups.repository';
import type { Database } from '../../db/schema';

const ANY_READINGS = sql<{ any: boolean }>`
  select exists (select 1 from sensor_readings_minute)
    or exists (select 1 from sensor_data) as any`;

/** Whether any reading has ever been stored (raw or rolled up): a fresh database has none. */
export async function hasAnyReadings(db: Kysely<Database>): Promise<boolean> {
  return Boolean((await ANY_READINGS.execute(db)).rows[0]?.any);
}

/**
 * One sensor's simulated history as rollup rows: each row's minute (epoch ms, on a whole minute) and
 * the lowest, highest, sum and count of the readings it holds.
 */
export type SensorHistory = {
  sensorId: string;
  times: number[];
  mins: number[];
  maxes: number[];
  sums: number[];
  counts: number[];
};

/** Raw readings of one sensor: times, values, its unit and each reading's metadata (JSON or null). */
export type SensorRawHistory = {
  sensorId: string;
  unit: string;
  times: number[];
  values: number[];
  metadata: (string | null)[];
};

/**
 * Writes one sensor's history into the minute rollups (existing minutes win), and adds the rows of
 * periods already built (quarter-hours, hours, days) to those periods. The fold's row is held meanwhile, so a fold
 * building quarters runs before or after, never between the two.
 */
export async function insertHistoryRollups(
  db: Kysely<Database> | Transaction<Database>,
  h: SensorHistory,
): Promise<void> {
  const write = async (trx: Transaction<Database>) => {
    await sql`select 1 from readings_fold where id = 1 for update`.execute(trx);
    await sql`
      with added as (
        insert into sensor_readings_minute (sensor_id, minute, min, max, sum, count)
        select ${h.sensorId}, to_timestamp(t / 1000), lo, hi, total, n
        from unnest(${h.times}::float8[], ${h.mins}::float8[], ${h.maxes}::float8[],
          ${h.sums}::float8[], ${h.counts}::int[]) as u(t, lo, hi, total, n)
        on conflict (sensor_id, minute) do nothing
        returning sensor_id, minute, min, max, sum, count
      )${addToBuiltPeriods('added')}
      select 1`.execute(trx);
  };
  if (db.isTransaction) await write(db as Transaction<Database>);
  else await db.transaction().execute(write);
}

/**
 * Writes one sensor's history into the raw readings, and its pollutants into their hours. Its
 * rollups are written apart (`insertHistoryRollups`), so the rows are marked as folded already
 * (`xact` 0).
 */
export async function insertHistoryReadings(
  db: Kysely<Database>,
  h: SensorRawHistory,
): Promise<void> {
  await sql`
    with written as (
      insert into sensor_data (sensor_id, value, unit, "timestamp", metadata, xact)
      select ${h.sensorId}, v, ${h.unit}, to_timestamp(t / 1000), m, 0
      from unnest(${h.times}::float8[], ${h.values}::float8[], ${h.metadata}::jsonb[]) as u(t, v, m)
      returning sensor_id, "timestamp", metadata
    )${addToPollutantHours('written')}
    select 1`.execute(db);
}

/**
 * Claims the database for simulated history: under a transaction-wide advisory lock (two processes
 * starting together cannot both pass), checks that no reading has been stored yet and writes the first
 * sensor's rollups, so from its commit on the database is no longer empty. False, writing nothing,
 * when readings exist.
 */
export async function claimForHistory(
  db: Kysely<Database>,
  first: SensorHistory,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('smart-city:simulated-history'))`.execute(trx);
    if ((await ANY_READINGS.execute(trx)).rows[0]?.any) return false;
    await insertHistoryRollups(trx, first);
    return true;
  });
}
