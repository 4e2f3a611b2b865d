import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type ServerProcessRow = {
  id: string;
  host: string;
  pid: number;
  port: number;
  ledgerKeyFile: string;
  /** Seconds since the process last said it was running, by the database's clock. */
  silentForS: number;
};

export type SharedSettingRow = {
  name: string;
  fingerprint: string;
  salt: string;
  shown: string | null;
};

/**
 * Runs `work` in a transaction that holds the database's one lock for processes joining it, so two
 * processes starting at the same moment compare their settings one after the other.
 */
export function withJoinLock<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('smart-city:server-processes'))`.execute(trx);
    return work(trx);
  });
}

/** The other processes that said they were running within the last `withinS` seconds. */
export async function findRunningProcesses(
  db: Db,
  withinS: number,
  exceptId: string,
): Promise<ServerProcessRow[]> {
  const rows = await db
    .selectFrom('server_processes')
    .select([
      'id',
      'host',
      'pid',
      'port',
      'ledger_key_file',
      sql<number>`extract(epoch from now() - seen_at)::float8`.as('silent_for_s'),
    ])
    .where('id', '!=', exceptId)
    .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${withinS})`)
    .orderBy('started_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    host: r.host,
    pid: r.pid,
    port: r.port,
    ledgerKeyFile: r.ledger_key_file,
    silentForS: Math.max(0, Number(r.silent_for_s)),
  }));
}

/** Forgets processes silent for longer than `afterS` seconds: they stopped without saying so. */
export async function deleteSilentProcesses(db: Db, afterS: number): Promise<void> {
  await db
    .deleteFrom('server_processes')
    .where('seen_at', '<=', sql<Date>`now() - make_interval(secs => ${afterS})`)
    .execute();
}

/** A running process, as its row records it. */
type ProcessRow = { id: string; host: string; pid: number; port: number; ledgerKeyFile: string };

const processValues = (row: ProcessRow) => ({
  id: row.id,
  host: row.host,
  pid: row.pid,
  port: row.port,
  ledger_key_file: row.ledgerKeyFile,
});

export async function insertProcess(db: Db, row: ProcessRow): Promise<void> {
  await db.insertInto('server_processes').values(processValues(row)).execute();
}

/** Says the process still runs; re-adds its row if it was forgotten while the database was away. */
export async function touchProcess(db: Db, row: ProcessRow): Promise<void> {
  await db
    .insertInto('server_processes')
    .values(processValues(row))
    .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: sql<Date>`now()` }))
    .execute();
}

export async function deleteProcess(db: Db, id: string): Promise<void> {
  await db.deleteFrom('server_processes').where('id', '=', id).execute();
}

export async function findSharedSettings(db: Db): Promise<SharedSettingRow[]> {
  return db
    .selectFrom('shared_settings')
    .select(['name', 'fingerprint', 'salt', 'shown'])
    .execute();
}

export async function saveSharedSetting(db: Db, row: SharedSettingRow): Promise<void> {
  await db
    .insertInto('shared_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        fingerprint: row.fingerprint,
        salt: row.salt,
        shown: row.shown,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}
