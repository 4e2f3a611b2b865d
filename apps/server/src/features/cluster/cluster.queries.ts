import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './cluster.repository';

const serverProcess = {
  id: 'process-example',
  host: 'app-1',
  pid: 4242,
  port: 3000,
  ledgerKeyFile: '/var/lib/smart-city/ledger-key.pem',
};

export const examples: QueryExamples<typeof repository> = {
  // The work a caller does under the lock is its own; here none.
  withJoinLock: (db) => repository.withJoinLock(db, () => Promise.resolve()),
  findRunningProcesses: (db) => repository.findRunningProcesses(db, 20, 'process-other'),
  deleteSilentProcesses: (db) => repository.deleteSilentProcesses(db, 20),
  insertProcess: (db) => repository.insertProcess(db, serverProcess),
  touchProcess: (db) => repository.touchProcess(db, serverProcess),
  deleteProcess: (db) => repository.deleteProcess(db, serverProcess.id),
  findSharedSettings: (db) => repository.findSharedSettings(db),
  saveSharedSetting: (db) =>
    repository.saveSharedSetting(db, {
      name: 'PUBLIC_URL',
      fingerprint: 'e'.repeat(64),
      salt: 'salt-example',
      shown: 'https://city.example.com',
    }),
};
