import type { Kysely } from 'kysely';
import type { QueryExamples } from '../../db/query-snapshots';
import type { Database } from '../../db/schema';
import * as repository from './reports.repository';

const at = new Date('2026-11-20T10:00:00.000Z');
const report = {
  id: '1',
  city_key: 'kolkata',
  category: 'pothole',
  status: 'open',
  description: 'A deep pothole in the left lane',
  lat: 22.5526,
  lng: 88.3525,
  address: 'Park Street',
  area_key: 'park-street',
  department: 'roads',
  source: 'app',
  reporter_id: 'user-example',
  followers: 1,
  created_at: at,
  updated_at: at,
  due_at: new Date('2026-11-23T10:00:00.000Z'),
};

/** A report of the example's number, for the examples that change one. */
export async function setup(db: Kysely<Database>) {
  await repository.insertReport(db, report);
}

export const examples: QueryExamples<typeof repository> = {
  listCategorySettings: (db) => repository.listCategorySettings(db, 'kolkata'),
  listFollowerIds: (db) => repository.listFollowerIds(db, String(report.id)),
  claimOverdueReports: (db) =>
    repository.claimOverdueReports(db, new Date('2026-11-24T10:00:00.000Z'), 200),
  upsertCategorySetting: (db) =>
    repository.upsertCategorySetting(db, {
      city: 'kolkata',
      code: 'pothole',
      department: 'roads',
      slaHours: 48,
      at,
    }),
  nextReportId: (db) => repository.nextReportId(db),
  insertReport: (db) => repository.insertReport(db, { ...report, id: '2' }),
  findReport: (db) => repository.findReport(db, '1'),
  lockReport: (db) => db.transaction().execute((trx) => repository.lockReport(trx, '1')),
  updateReport: (db) =>
    repository.updateReport(db, '1', { status: 'acknowledged', updated_at: at }),
  listReports: (db) =>
    repository.listReports(db, {
      city: 'kolkata',
      status: 'open',
      category: 'pothole',
      area: 'park-street',
      after: { createdAt: at, id: '9' },
      limit: 51,
    }),
  listQueue: (db) =>
    repository.listQueue(db, {
      city: 'kolkata',
      statuses: ['open', 'acknowledged', 'in_progress'],
      category: 'pothole',
      department: 'roads',
      overdue: true,
      now: at,
      after: { dueAt: at, id: '1' },
      limit: 51,
    }),
  listOpenInBox: (db) =>
    repository.listOpenInBox(db, {
      city: 'kolkata',
      category: 'pothole',
      south: 22.55,
      north: 22.56,
      west: 88.35,
      east: 88.36,
    }),
  listMine: (db) => repository.listMine(db, 'user-example', 100),
  listPhotosOf: (db) => repository.listPhotosOf(db, ['1']),
  insertPhoto: (db) =>
    repository.insertPhoto(db, {
      id: 'photo-example',
      uploaderId: 'user-example',
      storageKey: 'photo-example.jpg',
      width: 2048,
      height: 1536,
      bytes: 412_000,
      at,
    }),
  findPhoto: (db) => repository.findPhoto(db, 'photo-example'),
  attachPhotos: (db) => repository.attachPhotos(db, '1', 'user-example', ['photo-example']),
  deleteUnattachedPhotos: (db) => repository.deleteUnattachedPhotos(db, at, 500),
  addFollower: (db) => repository.addFollower(db, '1', 'user-other', at),
  removeFollower: (db) => repository.removeFollower(db, '1', 'user-other'),
  isFollower: (db) => repository.isFollower(db, '1', 'user-example'),
  moveFollowers: (db) => repository.moveFollowers(db, '2', '1', at),
  countFollowers: (db) => repository.countFollowers(db, '1'),
  insertReportEvent: (db) =>
    repository.insertReportEvent(db, {
      reportId: '1',
      at,
      kind: 'created',
      status: 'open',
      actorRole: 'citizen',
      actorId: 'user-example',
      department: 'roads',
      note: null,
    }),
  listReportEvents: (db) => repository.listReportEvents(db, '1'),
  claimReportKey: (db) =>
    repository.claimReportKey(db, {
      userId: 'user-example',
      key: 'local-0f3a',
      requestHash: 'a'.repeat(64),
      reportId: '1',
      at,
    }),
  findReportKey: (db) => repository.findReportKey(db, 'user-example', 'local-0f3a'),
  bumpFollowers: (db) => repository.bumpFollowers(db, '1', 1),
  listForOpen311: (db) =>
    repository.listForOpen311(db, {
      ids: ['1', '2'],
      city: 'kolkata',
      categories: ['pothole'],
      statuses: ['open', 'acknowledged', 'in_progress'],
      from: at,
      to: new Date('2026-11-27T10:00:00.000Z'),
      box: { south: 22.5, north: 22.6, west: 88.3, east: 88.4 },
      limit: 1000,
    }),
};
