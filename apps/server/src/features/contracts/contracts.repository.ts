import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  ContractFeedbackRow,
  ContractRow,
  ContractVersionRow,
  Database,
} from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Every contract, most recently changed first, with its count of feedback. */
export function listContracts(db: Db): Promise<(ContractRow & { feedback_count: number })[]> {
  return db
    .selectFrom('contracts')
    .selectAll('contracts')
    .select(
      sql<number>`(select count(*)::int from contract_feedback f where f.contract_id = contracts.id)`.as(
        'feedback_count',
      ),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findContract(
  db: Db,
  id: string,
  lock = false,
): Promise<(ContractRow & { feedback_count: number }) | undefined> {
  let query = db
    .selectFrom('contracts')
    .selectAll('contracts')
    .select(
      sql<number>`(select count(*)::int from contract_feedback f where f.contract_id = contracts.id)`.as(
        'feedback_count',
      ),
    )
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The versions of these contracts, newest first. */
export function listVersions(db: Db, contractIds: string[]): Promise<ContractVersionRow[]> {
  if (contractIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contract_versions')
    .selectAll()
    .where('contract_id', 'in', contractIds)
    .orderBy('contract_id')
    .orderBy('version', 'desc')
    .execute();
}

export async function insertContract(trx: Db, row: ContractRow): Promise<void> {
  await trx.insertInto('contracts').values(row).execute();
}

export async function updateContract(
  trx: Db,
  id: string,
  change: Omit<ContractRow, 'id' | 'created_at'>,
): Promise<void> {
  await trx.updateTable('contracts').set(change).where('id', '=', id).execute();
}

export async function insertVersion(trx: Db, row: ContractVersionRow): Promise<void> {
  await trx.insertInto('contract_versions').values(row).execute();
}

/** Feedback on a contract, newest first. */
export function listFeedback(db: Db, contractId: string): Promise<ContractFeedbackRow[]> {
  return db
    .selectFrom('contract_feedback')
    .selectAll()
    .where('contract_id', '=', contractId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Adds feedback; false when this person has given feedback on the contract already. */
export async function insertFeedback(trx: Db, row: ContractFeedbackRow): Promise<boolean> {
  const inserted = await trx
    .insertInto('contract_feedback')
    .values(row)
    .onConflict((oc) => oc.columns(['contract_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
