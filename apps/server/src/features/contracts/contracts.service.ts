import { randomUUID } from 'node:crypto';
import {
  contractStatusSchema,
  contractTypeSchema,
  type Contract,
  type ContractFeedback,
  type ContractStatus,
  type CreateContract,
  type CreateFeedback,
  type UpdateContract,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type {
  ContractFeedbackRow,
  ContractRow,
  ContractVersionRow,
  Database,
} from '../../db/schema';
import {
  actorPseudonym,
  publicActor,
  type LedgerActor,
  type LedgerService,
} from '../ledger/ledger.service';
import {
  findContract,
  insertContract,
  insertFeedback,
  insertVersion,
  listContracts,
  listFeedback,
  listVersions,
  updateContract,
} from './contracts.repository';
import type { DomainEvents } from '../../live/domain-events';
import { Conflict, NotFound } from '../../lib/domain-errors';
import { createUnitOfWork } from '../../lib/unit-of-work';

/** A contract in one of these statuses is settled: it takes no new version and no feedback. */
const SETTLED: readonly ContractStatus[] = ['completed', 'cancelled'];

const versionRef = (id: string, version: number) => `contract:${id}:v${version}`;
const feedbackRef = (id: string) => `feedback:${id}`;

function notFound(id: string) {
  return new NotFound(`No contract with id "${id}"`);
}

function presentFeedback(row: ContractFeedbackRow, seqs: Map<string, number>): ContractFeedback {
  return {
    id: row.id,
    contractId: row.contract_id,
    body: row.body,
    author: row.author,
    createdAt: new Date(row.created_at).toISOString(),
    ledgerSeq: seqs.get(feedbackRef(row.id)) ?? null,
  };
}

export type ContractsService = ReturnType<typeof createContractsService>;

/**
 * Civic contracts and citizens' feedback on them. Every version and every piece of feedback is
 * recorded in the transparency ledger in the same transaction as the change itself.
 */
export function createContractsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  ledger: LedgerService;
  now: () => Date;
}) {
  const { db, ledger } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);

  async function present(rows: (ContractRow & { feedback_count: number })[]): Promise<Contract[]> {
    const versions = await listVersions(
      db,
      rows.map((row) => row.id),
    );
    const seqs = await ledger.seqsOf(versions.map((v) => versionRef(v.contract_id, v.version)));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      type: contractTypeSchema.parse(row.type),
      description: row.description,
      status: contractStatusSchema.parse(row.status),
      version: row.version,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      feedbackCount: row.feedback_count,
      versions: versions
        .filter((v) => v.contract_id === row.id)
        .map((v: ContractVersionRow) => ({
          version: v.version,
          name: v.name,
          type: contractTypeSchema.parse(v.type),
          description: v.description,
          status: contractStatusSchema.parse(v.status),
          at: new Date(v.at).toISOString(),
          ledgerSeq: seqs.get(versionRef(v.contract_id, v.version)) ?? null,
        })),
    }));
  }

  async function get(id: string): Promise<Contract> {
    const row = await findContract(db, id);
    if (!row) throw notFound(id);
    return (await present([row]))[0]!;
  }

  return {
    async list(): Promise<Contract[]> {
      return present(await listContracts(db));
    },

    get,

    /** Publishes a contract as version 1, recorded in the ledger. */
    async create(body: CreateContract, actor: LedgerActor): Promise<Contract> {
      const now = deps.now();
      const id = randomUUID();
      await unitOfWork(async (unit) => {
        const row: ContractRow = { id, ...body, version: 1, created_at: now, updated_at: now };
        await insertContract(unit.trx, row);
        await insertVersion(unit.trx, { contract_id: id, version: 1, ...body, at: now });
        await ledger.record(unit, {
          type: 'contract.created',
          payload: { contractId: id, version: 1, ...body, by: publicActor(actor) },
          at: now,
          ref: versionRef(id, 1),
        });
      });
      return get(id);
    },

    /** Changes a contract: any real change is a new version, recorded in the ledger. */
    async update(id: string, body: UpdateContract, actor: LedgerActor): Promise<Contract> {
      const now = deps.now();
      await unitOfWork(async (unit) => {
        const current = await findContract(unit.trx, id, true);
        if (!current) throw notFound(id);
        if (SETTLED.includes(contractStatusSchema.parse(current.status))) {
          throw new Conflict(`This contract is ${current.status} and can no longer change`);
        }
        const next = {
          name: body.name ?? current.name,
          type: body.type ?? current.type,
          description: body.description ?? current.description,
          status: body.status ?? current.status,
        };
        const changes = Object.fromEntries(
          (Object.keys(next) as (keyof typeof next)[])
            .filter((field) => next[field] !== current[field])
            .map((field) => [field, { from: current[field], to: next[field] }]),
        );
        if (Object.keys(changes).length === 0) return;
        const version = current.version + 1;
        await updateContract(unit.trx, id, { ...next, version, updated_at: now });
        await insertVersion(unit.trx, { contract_id: id, version, ...next, at: now });
        await ledger.record(unit, {
          type: 'contract.changed',
          payload: {
            contractId: id,
            version,
            changes,
            status: next.status,
            by: publicActor(actor),
          },
          at: now,
          ref: versionRef(id, version),
        });
      });
      return get(id);
    },

    async feedback(contractId: string): Promise<ContractFeedback[]> {
      if (!(await findContract(db, contractId))) throw notFound(contractId);
      const rows = await listFeedback(db, contractId);
      const seqs = await ledger.seqsOf(rows.map((row) => feedbackRef(row.id)));
      return rows.map((row) => presentFeedback(row, seqs));
    },

    /** A citizen's feedback, once per contract, while the contract is open; recorded in the ledger. */
    async addFeedback(
      contractId: string,
      body: CreateFeedback,
      userId: string,
    ): Promise<ContractFeedback> {
      const now = deps.now();
      const row: ContractFeedbackRow = {
        id: randomUUID(),
        contract_id: contractId,
        user_id: userId,
        author: actorPseudonym(userId),
        body: body.body,
        created_at: now,
      };
      await unitOfWork(async (unit) => {
        const contract = await findContract(unit.trx, contractId, true);
        if (!contract) throw notFound(contractId);
        if (SETTLED.includes(contractStatusSchema.parse(contract.status))) {
          throw new Conflict(`This contract is ${contract.status}: feedback is closed`);
        }
        if (!(await insertFeedback(unit.trx, row))) {
          throw new Conflict('You have already given feedback on this contract');
        }
        await ledger.record(unit, {
          type: 'contract.feedback',
          payload: { contractId, feedbackId: row.id, body: row.body, author: row.author },
          at: now,
          ref: feedbackRef(row.id),
        });
      });
      return presentFeedback(row, new Map());
    },
  };
}
