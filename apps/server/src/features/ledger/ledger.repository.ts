import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LedgerCheckpointRow, LedgerEntryRow } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type PendingRow = {
  id: string;
  type: string;
  at: string;
  payload: string;
  ref: string | null;
};

/** Queues an entry in the action's own transaction; a second entry for the same `ref` is refused. */
export async function insertPending(
  trx: Db,
  entry: { type: string; at: string; payload: string; ref: string | null },
): Promise<void> {
  await trx.insertInto('ledger_pending').values(entry).execute();
}

/** The chain's end, locked until the transaction ends: one sequencer extends the chain at a time. */
export async function lockHead(trx: Transaction<Database>) {
  const row = await trx
    .selectFrom('ledger_head')
    .select(['seq', 'hash', 'frontier'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { seq: Number(row.seq), hash: row.hash, frontier: row.frontier };
}

/** The oldest queued entries, locked; ones another sequencer holds are skipped. */
export function takePending(trx: Transaction<Database>, limit: number): Promise<PendingRow[]> {
  return trx
    .selectFrom('ledger_pending')
    .select(['id', 'type', 'at', 'payload', 'ref'])
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Which of these refs the ledger already holds. */
export async function chainedRefs(trx: Db, refs: string[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await trx
    .selectFrom('ledger_entries')
    .select('ref')
    .where('ref', 'in', refs)
    .execute();
  return new Set(rows.map((row) => row.ref!));
}

/** Appends chained entries, their checkpoints and the new head, and empties the queued rows. */
export async function appendChained(
  trx: Transaction<Database>,
  chained: {
    entries: {
      seq: number;
      type: string;
      at: string;
      payload: string;
      prev_hash: string;
      hash: string;
      signature: string;
      ref: string | null;
    }[];
    checkpoints: { tree_size: number; root_hash: string; at: string; signature: string }[];
    takenIds: string[];
    head: { seq: number; hash: string; frontier: string };
  },
): Promise<void> {
  if (chained.entries.length > 0)
    await trx.insertInto('ledger_entries').values(chained.entries).execute();
  if (chained.checkpoints.length > 0)
    await trx.insertInto('ledger_checkpoints').values(chained.checkpoints).execute();
  await trx.deleteFrom('ledger_pending').where('id', 'in', chained.takenIds).execute();
  await trx
    .updateTable('ledger_head')
    .set({ seq: chained.head.seq, hash: chained.head.hash, frontier: chained.head.frontier })
    .where('id', '=', 1)
    .execute();
}

export async function insertCheckpoint(
  trx: Db,
  checkpoint: { tree_size: number; root_hash: string; at: string; signature: string },
): Promise<void> {
  await trx.insertInto('ledger_checkpoints').values(checkpoint).execute();
}

export function latestCheckpoint(db: Db): Promise<LedgerCheckpointRow | undefined> {
  return db
    .selectFrom('ledger_checkpoints')
    .selectAll()
    .orderBy('tree_size', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Checkpoints, newest first. */
export function listCheckpoints(db: Db, limit: number): Promise<LedgerCheckpointRow[]> {
  return db
    .selectFrom('ledger_checkpoints')
    .selectAll()
    .orderBy('tree_size', 'desc')
    .limit(limit)
    .execute();
}

/** Entries after `afterSeq`, oldest first, of one type when given. */
export function listEntries(
  db: Db,
  filter: { type?: string; afterSeq: number; limit: number },
): Promise<LedgerEntryRow[]> {
  let query = db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('seq', '>', String(filter.afterSeq) as never);
  if (filter.type) query = query.where('type', '=', filter.type);
  return query.orderBy('seq').limit(filter.limit).execute();
}

export function findEntry(db: Db, seq: number): Promise<LedgerEntryRow | undefined> {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('seq', '=', String(seq) as never)
    .executeTakeFirst();
}

/** The hashes of entries `afterSeq + 1`… in order, for the in-memory Merkle tree. */
export function entryHashesAfter(db: Db, afterSeq: number, limit: number) {
  return db
    .selectFrom('ledger_entries')
    .select(['seq', 'hash'])
    .where('seq', '>', String(afterSeq) as never)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The seq the chain has reached. */
export async function headSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ledger_head')
    .select('seq')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** How many entries of each type the ledger holds. */
export function countByType(db: Db): Promise<{ type: string; count: number }[]> {
  return db
    .selectFrom('ledger_entries')
    .select(['type', sql<number>`count(*)::int`.as('count')])
    .groupBy('type')
    .execute();
}

/** The seq of the chained entry for each ref (refs still queued are absent). */
export async function seqsOfRefs(db: Db, refs: string[]): Promise<Map<string, number>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['ref', 'seq'])
    .where('ref', 'in', refs)
    .execute();
  return new Map(rows.map((row) => [row.ref!, Number(row.seq)]));
}

export function findLedgerKey(db: Db) {
  return db.selectFrom('ledger_keys').select(['kid', 'public_jwk']).limit(1).executeTakeFirst();
}

/**
 * Records the ledger's key unless one is recorded already, and answers the kid that is: processes
 * making their own key at the same moment (on machines without a shared key file) agree on one.
 */
export function recordFirstLedgerKey(
  db: Kysely<Database>,
  kid: string,
  publicJwk: unknown,
  at: Date,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('smart-city:ledger-key'))`.execute(trx);
    const recorded = await findLedgerKey(trx);
    if (recorded) return recorded.kid;
    await trx
      .insertInto('ledger_keys')
      .values({ kid, public_jwk: JSON.stringify(publicJwk), created_at: at })
      .execute();
    return kid;
  });
}

/**
 * The recorded AQI band of these sensors, locked until the transaction ends. A sensor seen for the
 * first time gets a 'normal' row first, so there is always a row to lock: two processes checking
 * its first crossing at once then take turns instead of both recording it.
 */
/** The sensors among `sensorIds` whose stored band is not the normal one, without locking them. */
export async function findUnusualAirQualityBands(
  db: Db,
  sensorIds: string[],
): Promise<Map<string, string>> {
  if (sensorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('air_quality_bands')
    .select(['sensor_id', 'band'])
    .where(sql<boolean>`sensor_id = any(${sensorIds}::text[])`)
    .where('band', '<>', 'normal')
    .execute();
  return new Map(rows.map((row) => [row.sensor_id, row.band]));
}

export async function lockAirQualityBands(
  trx: Transaction<Database>,
  sensorIds: string[],
  now: Date,
): Promise<Map<string, string>> {
  if (sensorIds.length === 0) return new Map();
  await trx
    .insertInto('air_quality_bands')
    .values(sensorIds.map((sensor_id) => ({ sensor_id, band: 'normal', changed_at: now })))
    .onConflict((oc) => oc.column('sensor_id').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('air_quality_bands')
    .select(['sensor_id', 'band'])
    .where('sensor_id', 'in', sensorIds)
    .orderBy('sensor_id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.sensor_id, row.band]));
}

export async function saveAirQualityBand(
  trx: Db,
  row: { sensor_id: string; band: string; changed_at: Date },
): Promise<void> {
  await trx
    .insertInto('air_quality_bands')
    .values(row)
    .onConflict((oc) =>
      oc.column('sensor_id').doUpdateSet({ band: row.band, changed_at: row.changed_at }),
    )
    .execute();
}

/** Claims a city's daily summary; false when another process (or an earlier run) made it already. */
export async function claimDailySummary(trx: Db, city: string, day: string): Promise<boolean> {
  const claimed = await trx
    .insertInto('air_quality_daily_summaries')
    .values({ city_key: city, day })
    .onConflict((oc) => oc.doNothing())
    .returning('city_key')
    .executeTakeFirst();
  return claimed !== undefined;
}
