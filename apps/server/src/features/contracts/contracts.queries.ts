import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './contracts.repository';

const at = new Date('2026-11-20T10:00:00.000Z');
const contract = {
  id: 'contract-example',
  name: 'Gariahat flyover repairs',
  type: 'public_works',
  description: 'Resurfacing and railing repairs of the Gariahat flyover.',
  status: 'draft',
  version: 1,
  created_at: at,
  updated_at: at,
};
const changed = {
  name: contract.name,
  type: contract.type,
  description: contract.description,
  status: 'active',
  version: 2,
  updated_at: new Date('2026-11-21T10:00:00.000Z'),
};

export const examples: QueryExamples<typeof repository> = {
  listContracts: (db) => repository.listContracts(db),
  findContract: (db) => repository.findContract(db, contract.id, true),
  listVersions: (db) => repository.listVersions(db, [contract.id]),
  insertContract: (db) => repository.insertContract(db, contract),
  updateContract: (db) => repository.updateContract(db, contract.id, changed),
  insertVersion: (db) =>
    repository.insertVersion(db, {
      contract_id: contract.id,
      version: changed.version,
      name: changed.name,
      type: changed.type,
      description: changed.description,
      status: changed.status,
      at: changed.updated_at,
    }),
  listFeedback: (db) => repository.listFeedback(db, contract.id),
  insertFeedback: (db) =>
    repository.insertFeedback(db, {
      id: 'feedback-example',
      contract_id: contract.id,
      user_id: 'user-example',
      author: 'Citizen 4821',
      body: 'Please keep one lane open during the works.',
      created_at: changed.updated_at,
    }),
};
