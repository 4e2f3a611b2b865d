import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, ReportRow, ReportsTable } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const OPEN = ['open', 'acknowledged', 'in_progress'] as const;

/** A city's own settings of its categories (those its admins changed). */
export function listCategorySettings(db: Db, city?: string) {
  let query = db.selectFrom('report_categories').selectAll().orderBy('city_key').orderBy('code');
  if (city !== undefined) query = query.where('city_key', '=', city);
  return query.execute();
}

export function upsertCategorySetting(
  db: Db,
  setting: { city: string; code: string; department: string; slaHours: number; at: Date },
) {
  return db
    .insertInto('report_categories')
    .values({
      city_key: setting.city,
      code: setting.code,
      department: setting.department,
      sla_hours: setting.slaHours,
      updated_at: setting.at,
    })
    .onConflict((oc) =>
      oc.columns(['city_key', 'code']).doUpdateSet({
        department: setting.department,
        sla_hours: setting.slaHours,
        updated_at: setting.at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The number the next report will have, taken before its row so its key can be claimed first. */
export async function nextReportId(db: Db): Promise<string> {
  const { id } = await db
    .selectNoFrom((eb) =>
      eb
        .fn<string>('nextval', [eb.fn('pg_get_serial_sequence', [eb.val('reports'), eb.val('id')])])
        .as('id'),
    )
    .executeTakeFirstOrThrow();
  return String(id);
}

export function insertReport(db: Db, report: Insertable<ReportsTable>): Promise<ReportRow> {
  return db.insertInto('reports').values(report).returningAll().executeTakeFirstOrThrow();
}

export function findReport(db: Db, id: string): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The report, locked for a change until the transaction ends. */
export function lockReport(db: Db, id: string): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateReport(
  db: Db,
  id: string,
  change: Updateable<ReportsTable>,
): Promise<ReportRow> {
  return db
    .updateTable('reports')
    .set(change)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The public tracker's page: newest first, after the cursor. */
export function listReports(
  db: Db,
  filter: {
    city?: string;
    status?: string;
    category?: string;
    area?: string;
    after?: { createdAt: Date; id: string };
    limit: number;
  },
): Promise<ReportRow[]> {
  let query = db.selectFrom('reports').selectAll();
  if (filter.city !== undefined) query = query.where('city_key', '=', filter.city);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.category !== undefined) query = query.where('category', '=', filter.category);
  if (filter.area !== undefined) query = query.where('area_key', '=', filter.area);
  const after = filter.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

/** A city's queue: the earliest deadline first, after the cursor. */
export function listQueue(
  db: Db,
  filter: {
    city: string;
    /** The statuses listed. */
    statuses: readonly string[];
    category?: string;
    department?: string;
    /** Only those past (true) or within (false) their deadline at `now`. */
    overdue?: boolean;
    now: Date;
    after?: { dueAt: Date; id: string };
    limit: number;
  },
): Promise<ReportRow[]> {
  let query = db
    .selectFrom('reports')
    .selectAll()
    .where('city_key', '=', filter.city)
    .where('status', 'in', filter.statuses);
  if (filter.category !== undefined) query = query.where('category', '=', filter.category);
  if (filter.department !== undefined) query = query.where('department', '=', filter.department);
  if (filter.overdue === true) query = query.where('due_at', '<', filter.now);
  if (filter.overdue === false) query = query.where('due_at', '>=', filter.now);
  const after = filter.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('due_at', '>', after.dueAt),
        eb.and([eb('due_at', '=', after.dueAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('due_at').orderBy('id').limit(filter.limit).execute();
}

/** A city's open reports of a category within a box around a point (its duplicates' candidates). */
export function listOpenInBox(
  db: Db,
  box: { city: string; category: string; south: number; north: number; west: number; east: number },
): Promise<ReportRow[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('city_key', '=', box.city)
    .where('category', '=', box.category)
    .where('status', 'in', OPEN)
    .where('lat', '>=', box.south)
    .where('lat', '<=', box.north)
    .where('lng', '>=', box.west)
    .where('lng', '<=', box.east)
    .limit(50)
    .execute();
}

/** The reports a person made or follows, newest first. */
export function listMine(db: Db, userId: string, limit: number): Promise<ReportRow[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('reporter_id', '=', userId),
        eb(
          'id',
          'in',
          eb.selectFrom('report_followers').select('report_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The photos of these reports, in their order. */
export function listPhotosOf(db: Db, reportIds: readonly string[]) {
  if (reportIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('report_photos')
    .select(['id', 'report_id', 'width', 'height'])
    .where('report_id', 'in', reportIds)
    .orderBy('report_id')
    .orderBy('position')
    .execute();
}

export function insertPhoto(
  db: Db,
  photo: {
    id: string;
    uploaderId: string;
    storageKey: string;
    width: number;
    height: number;
    bytes: number;
    at: Date;
  },
) {
  return db
    .insertInto('report_photos')
    .values({
      id: photo.id,
      uploader_id: photo.uploaderId,
      storage_key: photo.storageKey,
      width: photo.width,
      height: photo.height,
      bytes: photo.bytes,
      created_at: photo.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findPhoto(db: Db, id: string) {
  return db.selectFrom('report_photos').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Attaches a person's unattached photos to a report in the order given; the ids attached, so the
 * caller can refuse a photo that was not theirs or is on another report already.
 */
export async function attachPhotos(
  db: Db,
  reportId: string,
  uploaderId: string,
  photoIds: readonly string[],
): Promise<string[]> {
  const attached: string[] = [];
  for (const [position, id] of photoIds.entries()) {
    const row = await db
      .updateTable('report_photos')
      .set({ report_id: reportId, position })
      .where('id', '=', id)
      .where('uploader_id', '=', uploaderId)
      .where('report_id', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (row) attached.push(row.id);
  }
  return attached;
}

/** Photos never attached to a report and uploaded before `before`, removed; their storage keys. */
export async function deleteUnattachedPhotos(db: Db, before: Date, limit: number) {
  return db
    .deleteFrom('report_photos')
    .where(
      'id',
      'in',
      db
        .selectFrom('report_photos')
        .select('id')
        .where('report_id', 'is', null)
        .where('created_at', '<', before)
        .limit(limit),
    )
    .returning('storage_key')
    .execute();
}

/** Adds a follower; false when they followed already. */
export async function addFollower(db: Db, reportId: string, userId: string, at: Date) {
  const row = await db
    .insertInto('report_followers')
    .values({ report_id: reportId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['report_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Who follows a report (its reporter among them, unless they stopped). */
export async function listFollowerIds(db: Db, reportId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('report_followers')
    .select('user_id')
    .where('report_id', '=', reportId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Open reports past their deadline and not yet escalated, the longest overdue first, locked for
 * this transaction; one another process holds is left to it.
 */
export function claimOverdueReports(db: Db, now: Date, limit: number): Promise<ReportRow[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('status', 'in', ['open', 'acknowledged', 'in_progress'])
    .where('due_at', '<', now)
    .where('escalated_at', 'is', null)
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Removes a follower; false when they did not follow. */
export async function removeFollower(db: Db, reportId: string, userId: string) {
  const row = await db
    .deleteFrom('report_followers')
    .where('report_id', '=', reportId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isFollower(db: Db, reportId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('report_followers')
    .select('user_id')
    .where('report_id', '=', reportId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves the followers of a merged duplicate to the report it was merged into (those who follow
 * both are kept once); how many followers that one has now.
 */
export async function moveFollowers(db: Db, from: string, to: string, at: Date) {
  await db
    .insertInto('report_followers')
    .columns(['report_id', 'user_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('report_followers')
        .select((s) => [s.val(to).as('report_id'), 'user_id', s.val(at).as('created_at')])
        .where('report_id', '=', from),
    )
    .onConflict((oc) => oc.columns(['report_id', 'user_id']).doNothing())
    .execute();
  return countFollowers(db, to);
}

export async function countFollowers(db: Db, reportId: string): Promise<number> {
  const { count } = await db
    .selectFrom('report_followers')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('report_id', '=', reportId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function insertReportEvent(
  db: Db,
  event: {
    reportId: string;
    at: Date;
    kind: string;
    status: string;
    actorRole: string;
    actorId: string | null;
    department: string | null;
    note: string | null;
  },
) {
  return db
    .insertInto('report_events')
    .values({
      report_id: event.reportId,
      at: event.at,
      kind: event.kind,
      status: event.status,
      actor_role: event.actorRole,
      actor_id: event.actorId,
      department: event.department,
      note: event.note,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function listReportEvents(db: Db, reportId: string) {
  return db
    .selectFrom('report_events')
    .selectAll()
    .where('report_id', '=', reportId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/**
 * Records an Idempotency-Key for a report about to be made. False when the reporter used the key
 * already: the primary key makes a concurrent attempt wait for the first one's transaction.
 */
export async function claimReportKey(
  db: Db,
  claim: { userId: string; key: string; requestHash: string; reportId: string; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('report_idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      request_hash: claim.requestHash,
      report_id: claim.reportId,
      created_at: claim.at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findReportKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('report_idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Adds `delta` to a report's kept count of followers. */
export function bumpFollowers(db: Db, reportId: string, delta: number) {
  return db
    .updateTable('reports')
    .set((eb) => ({ followers: eb('followers', '+', delta) }))
    .where('id', '=', reportId)
    .returning('followers')
    .executeTakeFirstOrThrow();
}

/** What Open311's `requests.json` may ask for; the statuses are this platform's. */
export type Open311Filter = {
  ids?: readonly string[];
  city?: string;
  categories?: readonly string[];
  statuses?: readonly string[];
  from?: Date;
  to?: Date;
  box?: { south: number; north: number; west: number; east: number };
  limit: number;
};

/** Reports for an Open311 client, newest first. */
export function listForOpen311(db: Db, filter: Open311Filter): Promise<ReportRow[]> {
  let query = db.selectFrom('reports').selectAll();
  if (filter.ids !== undefined) query = query.where('id', 'in', filter.ids);
  if (filter.city !== undefined) query = query.where('city_key', '=', filter.city);
  if (filter.categories !== undefined) query = query.where('category', 'in', filter.categories);
  if (filter.statuses !== undefined) query = query.where('status', 'in', filter.statuses);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<=', filter.to);
  const box = filter.box;
  if (box) {
    query = query
      .where('lat', '>=', box.south)
      .where('lat', '<=', box.north)
      .where('lng', '>=', box.west)
      .where('lng', '<=', box.east);
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}
