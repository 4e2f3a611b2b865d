import { randomUUID } from 'node:crypto';
import {
  canMoveReport,
  CITY_KEYS,
  cityKeySchema,
  DEFAULT_REPORT_CATEGORY_SETTINGS,
  distanceKm,
  isReportNumber,
  isOpenReport,
  nearestArea,
  OPEN_REPORT_STATUSES,
  pathOf,
  REPORT_CATEGORIES,
  REPORT_CONTEXT_RADIUS_M,
  REPORT_DUPLICATE_RADIUS_M,
  REPORT_ENDPOINTS,
  REPORT_OVERDUE_SEVERITY,
  reportCategorySchema,
  reportDepartmentSchema,
  reportStatusSchema,
  type CityKey,
  type EscalationAudience,
  type NearbyReport,
  type PublicReport,
  type ReportCategory,
  type ReportCategorySetting,
  type ReportContext,
  type ReportCreate,
  type ReportDepartment,
  type ReportDetail,
  type ReportEvent,
  type ReportList,
  type ReportListQuery,
  type ReportPhoto,
  type ReportQueue,
  type ReportQueueQuery,
  type ReportStatus,
  type ReportUpdatedEvent,
  type Role,
  type StaffReport,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ReportRow } from '../../db/schema';
import { decodePageCursor, encodePageCursor } from '../../http/page-cursor';
import type { DomainEvents } from '../../live/domain-events';
import { Conflict, Invalid, NotFound } from '../../lib/domain-errors';
import { requestHash } from '../../lib/request-hash';
import { createUnitOfWork, type Work } from '../../lib/unit-of-work';
import type { AlertsService } from '../alerts/alerts.service';
import type { CitiesService } from '../cities/cities.service';
import { publicActor, type LedgerService } from '../ledger/ledger.service';
import type { EscalationPoliciesService } from '../alerts/escalation-policies.service';
import type {
  NotificationRequest,
  NotificationsService,
} from '../notifications/notifications.service';
import type { SensorsService } from '../sensors/sensors.service';
import { staffName, type StaffService } from '../staff/staff.service';
import { cleanPhoto } from './photo-cleaning';
import type { PhotoStore } from './photo-store';
import {
  addFollower,
  attachPhotos,
  bumpFollowers,
  claimOverdueReports,
  claimReportKey,
  deleteUnattachedPhotos,
  findPhoto,
  findReport,
  findReportKey,
  insertPhoto,
  insertReport,
  insertReportEvent,
  isFollower,
  listCategorySettings,
  listFollowerIds,
  listForOpen311,
  listMine,
  type Open311Filter,
  listOpenInBox,
  listPhotosOf,
  listQueue,
  listReportEvents,
  listReports,
  lockReport,
  moveFollowers,
  nextReportId,
  removeFollower,
  updateReport,
  upsertCategorySetting,
} from './reports.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Who acts on a report: the signed-in person. */
export type ReportActor = { id: string; name: string; role: Role };

/** How long an uploaded photo may wait for its report before it is deleted. */
const UNATTACHED_PHOTO_TTL_MS = 24 * 3_600_000;

/** The most reports "mine" lists. */
const MINE_LIMIT = 100;

const EARTH_RADIUS_M = 6_371_000;

/** Metres between two points, as people walk them rather than as a plane's. */
const distanceM = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  distanceKm(a, b) * 1000;

/** The box around a point that holds every point within `metres` of it. */
function boxAround(lat: number, lng: number, metres: number) {
  const dLat = (metres / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  return { south: lat - dLat, north: lat + dLat, west: lng - dLng, east: lng + dLng };
}

type PhotosByReport = Map<string, ReportPhoto[]>;

function within(
  bounds: { south: number; north: number; west: number; east: number },
  lat: number,
  lng: number,
): boolean {
  return lat >= bounds.south && lat <= bounds.north && lng >= bounds.west && lng <= bounds.east;
}

/** The columns every new report has, whoever made it. */
function newReportRow(
  body: {
    city: CityKey;
    category: ReportCategory;
    description: string;
    lat: number;
    lng: number;
    address?: string;
  },
  setting: { department: ReportDepartment; slaHours: number },
  now: Date,
) {
  return {
    city_key: body.city,
    category: body.category,
    status: 'open',
    description: body.description,
    lat: body.lat,
    lng: body.lng,
    address: body.address ?? null,
    area_key: nearestArea(body.city, body.lat, body.lng)?.key ?? null,
    department: setting.department,
    created_at: now,
    updated_at: now,
    due_at: new Date(now.getTime() + setting.slaHours * 3_600_000),
  };
}

function photoUrl(id: string): string {
  return pathOf(REPORT_ENDPOINTS.photo, { id });
}

function presentPublic(row: ReportRow, photos: PhotosByReport, now: Date): PublicReport {
  const status = reportStatusSchema.parse(row.status);
  return {
    id: String(row.id),
    city: cityKeySchema.parse(row.city_key),
    category: reportCategorySchema.parse(row.category),
    status,
    description: row.description,
    lat: row.lat,
    lng: row.lng,
    address: row.address,
    area: row.area_key,
    photos: photos.get(String(row.id)) ?? [],
    department: reportDepartmentSchema.parse(row.department),
    statusNote: row.status_note,
    mergedInto: row.merged_into === null ? null : String(row.merged_into),
    followers: row.followers,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    dueAt: iso(row.due_at),
    closedAt: row.closed_at === null ? null : iso(row.closed_at),
    overdue: isOpenReport({ status }) && new Date(row.due_at).getTime() < now.getTime(),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * Citizens' reports: made with photos and a place, checked for duplicates nearby, triaged by the
 * city's staff against each category's deadline, followed by anyone, and put on the public record
 * at every step.
 */
export function createReportsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  ledger: LedgerService;
  staff: StaffService;
  sensors: SensorsService;
  alerts: AlertsService;
  cities: CitiesService;
  photos: PhotoStore;
  notifications: NotificationsService;
  escalationPolicies: EscalationPoliciesService;
  now: () => Date;
}) {
  const { db } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);

  async function photosOf(
    trx: Kysely<Database> | Transaction<Database>,
    rows: readonly ReportRow[],
  ): Promise<PhotosByReport> {
    const byReport: PhotosByReport = new Map();
    for (const photo of await listPhotosOf(
      trx,
      rows.map((r) => String(r.id)),
    )) {
      const key = String(photo.report_id);
      const list = byReport.get(key) ?? [];
      list.push({
        id: photo.id,
        url: photoUrl(photo.id),
        width: photo.width,
        height: photo.height,
      });
      byReport.set(key, list);
    }
    return byReport;
  }

  async function presentMany(rows: readonly ReportRow[]): Promise<PublicReport[]> {
    const photos = await photosOf(db, rows);
    const now = deps.now();
    return rows.map((row) => presentPublic(row, photos, now));
  }

  async function presentStaff(
    trx: Kysely<Database> | Transaction<Database>,
    rows: readonly ReportRow[],
  ): Promise<StaffReport[]> {
    const photos = await photosOf(trx, rows);
    const assigneeIds = [...new Set(rows.flatMap((r) => (r.assignee_id ? [r.assignee_id] : [])))];
    const staff = assigneeIds.length > 0 ? await deps.staff.records(trx, { ids: assigneeIds }) : [];
    const names = new Map(staff.map((s) => [s.id, staffName(s)]));
    const now = deps.now();
    return rows.map((row) => ({
      ...presentPublic(row, photos, now),
      assignee: row.assignee_id
        ? { id: row.assignee_id, name: names.get(row.assignee_id) ?? row.assignee_id }
        : null,
      source: row.source === 'open311' ? 'open311' : 'app',
      escalatedAt: row.escalated_at === null ? null : iso(row.escalated_at),
    }));
  }

  async function detailOf(
    trx: Kysely<Database> | Transaction<Database>,
    row: ReportRow,
    caller: { id: string } | null,
  ): Promise<ReportDetail> {
    const [photos, events, following] = await Promise.all([
      photosOf(trx, [row]),
      listReportEvents(trx, String(row.id)),
      caller ? isFollower(trx, String(row.id), caller.id) : Promise.resolve(false),
    ]);
    const history: ReportEvent[] = events.map((e) => ({
      at: iso(e.at),
      status: reportStatusSchema.parse(e.status),
      kind: e.kind as ReportEvent['kind'],
      actor: e.actor_role,
      department: e.department === null ? null : reportDepartmentSchema.parse(e.department),
      note: e.note,
    }));
    return {
      ...presentPublic(row, photos, deps.now()),
      history,
      following,
      mine: caller !== null && row.reporter_id === caller.id,
    };
  }

  /** Each city's settings of each category: the defaults, with what its admins changed. */
  async function categorySettings(city?: CityKey): Promise<ReportCategorySetting[]> {
    const stored = new Map(
      (await listCategorySettings(db, city)).map((row) => [`${row.city_key}/${row.code}`, row]),
    );
    const cities = city ? [city] : CITY_KEYS;
    return cities.flatMap((c) =>
      REPORT_CATEGORIES.map((code) => {
        const row = stored.get(`${c}/${code}`);
        const fallback = DEFAULT_REPORT_CATEGORY_SETTINGS[code];
        return {
          city: c,
          code,
          department: row ? reportDepartmentSchema.parse(row.department) : fallback.department,
          slaHours: row ? row.sla_hours : fallback.slaHours,
        };
      }),
    );
  }

  async function settingOf(city: CityKey, code: ReportCategory) {
    return (await categorySettings(city)).find((s) => s.code === code)!;
  }

  /**
   * Records a step of a report: its timeline, the public ledger, and the live event. Returns the
   * step's number, which names it for the people told of it.
   */
  async function recordStep(
    unit: Work,
    row: ReportRow,
    step: {
      kind: ReportEvent['kind'];
      actor: { id: string | null; role: string };
      note?: string | null;
      at: Date;
    },
  ): Promise<string> {
    const { id: eventId } = await insertReportEvent(unit.trx, {
      reportId: String(row.id),
      at: step.at,
      kind: step.kind,
      status: row.status,
      actorRole: step.actor.role,
      actorId: step.actor.id,
      department: row.department,
      note: step.note ?? null,
    });
    await deps.ledger.record(unit, {
      type: step.kind === 'created' ? 'report.created' : 'report.changed',
      payload: {
        reportId: String(row.id),
        city: row.city_key,
        category: row.category,
        step: step.kind,
        status: row.status,
        department: row.department,
        ...(step.note ? { note: step.note } : {}),
        ...(row.merged_into !== null ? { mergedInto: String(row.merged_into) } : {}),
        by:
          step.actor.id === null
            ? { role: step.actor.role }
            : publicActor({ id: step.actor.id, role: step.actor.role as Role }),
      },
      at: step.at,
      ref: `report:${row.id}:${step.kind}:${randomUUID()}`,
    });
    unit.publish('report:updated', updatedEvent(row));
    return String(eventId);
  }

  /** A report as a notification tells of it. */
  function notified(row: ReportRow) {
    return {
      id: String(row.id),
      city: cityKeySchema.parse(row.city_key),
      category: reportCategorySchema.parse(row.category),
      status: reportStatusSchema.parse(row.status),
      description: row.description,
      mergedInto: row.merged_into === null ? null : String(row.merged_into),
    };
  }

  /**
   * Tells a report's followers (its reporter among them) of a step, in the app and by e-mail as
   * each chose; the staff member who took it is neither told nor named.
   */
  async function tellFollowers(
    unit: Work,
    row: ReportRow,
    step: { eventId: string; kind: 'report_status' | 'report_merged'; actorId: string | null },
    followerIds: readonly string[],
  ) {
    const request: NotificationRequest = {
      key: `report-step:${step.eventId}`,
      kind: step.kind,
      report: notified(row),
      actor: step.actorId === null ? null : { id: step.actorId, name: null },
      excerpt: row.status_note,
      to: { userIds: followerIds },
    };
    await deps.notifications.deliver(unit, [request]);
  }

  /** Refuses a place outside the city's frame: a report is the city's to act on. */
  async function checkPlace(cityKey: CityKey, lat: number, lng: number) {
    const city = (await deps.cities.list()).find((c) => c.key === cityKey);
    if (city && !within(city.bounds, lat, lng)) {
      throw new Invalid(`The place is outside ${city?.name ?? cityKey}`, [
        { path: 'lat', message: 'is outside the city' },
      ]);
    }
  }

  async function lockedOpen(unit: Work, id: string): Promise<ReportRow> {
    const row = await lockReport(unit.trx, id);
    if (!row) throw reportNotFound(id);
    if (!isOpenReport({ status: reportStatusSchema.parse(row.status) })) {
      throw new Conflict(`Report ${id} has ended (${row.status})`);
    }
    return row;
  }

  return {
    categories: categorySettings,

    /** The city whose frame holds a point, if any (an Open311 request names none). */
    async cityAt(lat: number, lng: number): Promise<CityKey | undefined> {
      const city = (await deps.cities.list()).find((c) => within(c.bounds, lat, lng));
      return city && cityKeySchema.parse(city.key);
    },

    async setCategory(
      city: CityKey,
      code: ReportCategory,
      change: { department?: ReportDepartment; slaHours?: number },
    ): Promise<ReportCategorySetting> {
      const current = await settingOf(city, code);
      const row = await upsertCategorySetting(db, {
        city,
        code,
        department: change.department ?? current.department,
        slaHours: change.slaHours ?? current.slaHours,
        at: deps.now(),
      });
      return {
        city,
        code,
        department: reportDepartmentSchema.parse(row.department),
        slaHours: row.sla_hours,
      };
    },

    /** Cleans and stores an uploaded photo for the uploader's next report. */
    async uploadPhoto(
      bytes: Uint8Array,
      contentType: string,
      uploader: { id: string },
    ): Promise<ReportPhoto> {
      const cleaned = await cleanPhoto(bytes, contentType);
      const id = randomUUID();
      const storageKey = `${id}.jpg`;
      await deps.photos.put(storageKey, cleaned.jpeg, 'image/jpeg');
      try {
        await insertPhoto(db, {
          id,
          uploaderId: uploader.id,
          storageKey,
          width: cleaned.width,
          height: cleaned.height,
          bytes: cleaned.jpeg.byteLength,
          at: deps.now(),
        });
      } catch (err) {
        // No row, no file: a photo is stored whole or not at all.
        await deps.photos.delete(storageKey).catch(() => {});
        throw err;
      }
      return { id, url: photoUrl(id), width: cleaned.width, height: cleaned.height };
    },

    /** A photo's JPEG: anyone's once on a report, only its uploader's before. */
    async photo(id: string, caller: { id: string } | null): Promise<Buffer> {
      const row = await findPhoto(db, id);
      const visible = row && (row.report_id !== null || row.uploader_id === caller?.id);
      const bytes = visible ? await deps.photos.get(row.storage_key) : null;
      if (!bytes) throw new NotFound(`No photo with id "${id}"`);
      return bytes;
    },

    /** Deletes photos no report took within a day; how many. */
    async deleteUnattachedPhotos(limit = 500): Promise<number> {
      const before = new Date(deps.now().getTime() - UNATTACHED_PHOTO_TTL_MS);
      const removed = await deleteUnattachedPhotos(db, before, limit);
      for (const { storage_key } of removed) await deps.photos.delete(storage_key);
      return removed.length;
    },

    /**
     * Makes a report; the reporter follows it. With an Idempotency-Key, the same key and body give
     * back the report made the first time (`replayed`), and the key with another body is refused.
     */
    async create(
      body: ReportCreate & { photoIds: string[] },
      reporter: ReportActor,
      idempotencyKey?: string,
    ): Promise<{ report: ReportDetail; replayed: boolean }> {
      const now = deps.now();
      await checkPlace(body.city, body.lat, body.lng);
      const setting = await settingOf(body.city, body.category);
      return unitOfWork(async (unit) => {
        const id = await nextReportId(unit.trx);
        if (idempotencyKey !== undefined) {
          const hash = requestHash(body);
          const claim = {
            userId: reporter.id,
            key: idempotencyKey,
            requestHash: hash,
            reportId: id,
          };
          if (!(await claimReportKey(unit.trx, { ...claim, at: now }))) {
            const earlier = await findReportKey(unit.trx, reporter.id, idempotencyKey);
            const made = earlier && (await findReport(unit.trx, String(earlier.report_id)));
            if (earlier?.request_hash !== hash || !made) {
              throw new Conflict(
                'This Idempotency-Key was already used for a different report; use a new key for a new report.',
              );
            }
            return { report: await detailOf(unit.trx, made, reporter), replayed: true };
          }
        }
        const inserted = await insertReport(unit.trx, {
          ...newReportRow(body, setting, now),
          id,
          source: 'app',
          reporter_id: reporter.id,
          followers: 1,
        });
        const attached = await attachPhotos(unit.trx, id, reporter.id, body.photoIds);
        const missing = body.photoIds.filter((p) => !attached.includes(p));
        if (missing.length > 0) {
          throw new Invalid('A photo is not one you uploaded, or is on another report already', [
            { path: 'photoIds', message: `unknown photo ${missing.join(', ')}` },
          ]);
        }
        await addFollower(unit.trx, id, reporter.id, now);
        await recordStep(unit, inserted, {
          kind: 'created',
          actor: { id: reporter.id, role: reporter.role },
          at: now,
        });
        return { report: await detailOf(unit.trx, inserted, reporter), replayed: false };
      });
    },

    /**
     * Makes a report an Open311 client sent with a reporter app's key: nobody follows it (its
     * contact fields are kept, never shown), and the ledger names the app by its key's pseudonym.
     */
    async createFromOpen311(
      body: {
        city: CityKey;
        category: ReportCategory;
        description: string;
        lat: number;
        lng: number;
        address?: string;
        name?: string;
        email?: string;
        phone?: string;
        mediaUrl?: string;
      },
      app: { keyId: string },
    ): Promise<PublicReport> {
      const now = deps.now();
      await checkPlace(body.city, body.lat, body.lng);
      const setting = await settingOf(body.city, body.category);
      const row = await unitOfWork(async (unit) => {
        const inserted = await insertReport(unit.trx, {
          ...newReportRow(body, setting, now),
          source: 'open311',
          reporter_name: body.name ?? null,
          reporter_email: body.email ?? null,
          reporter_phone: body.phone ?? null,
          media_url: body.mediaUrl ?? null,
          device_key_id: app.keyId,
          followers: 0,
        });
        await recordStep(unit, inserted, {
          kind: 'created',
          actor: { id: app.keyId, role: 'app' },
          at: now,
        });
        return inserted;
      });
      return (await presentMany([row]))[0]!;
    },

    /**
     * Reports for Open311's `requests.json`, newest first: by number, or filtered by city, category,
     * status, time and box; with the picture an Open311 client linked to, if any.
     */
    async forOpen311(
      filter: Open311Filter,
    ): Promise<(PublicReport & { mediaUrl: string | null })[]> {
      const rows = await listForOpen311(db, filter);
      const presented = await presentMany(rows);
      return presented.map((report, i) => ({ ...report, mediaUrl: rows[i]!.media_url }));
    },

    async list(query: ReportListQuery & { limit: number }): Promise<ReportList> {
      const after = query.cursor ? decodePageCursor(query.cursor) : undefined;
      const rows = await listReports(db, { ...query, after, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: await presentMany(page),
        nextCursor:
          rows.length > query.limit && last
            ? encodePageCursor({ created_at: last.created_at, id: String(last.id) })
            : null,
      };
    },

    async queue(
      query: Omit<ReportQueueQuery, 'overdue'> & {
        city: CityKey;
        limit: number;
        overdue?: boolean;
        status: 'active' | ReportStatus;
      },
    ): Promise<ReportQueue> {
      const after = query.cursor ? decodePageCursor(query.cursor) : undefined;
      const rows = await listQueue(db, {
        city: query.city,
        statuses: query.status === 'active' ? OPEN_REPORT_STATUSES : [query.status],
        category: query.category,
        department: query.department,
        overdue: query.overdue,
        now: deps.now(),
        after: after && { dueAt: after.createdAt, id: after.id },
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: await presentStaff(db, page),
        nextCursor:
          rows.length > query.limit && last
            ? encodePageCursor({ created_at: last.due_at, id: String(last.id) })
            : null,
      };
    },

    /** Open reports of the category within the duplicate radius, nearest first. */
    async nearby(query: {
      city: CityKey;
      category: ReportCategory;
      lat: number;
      lng: number;
    }): Promise<NearbyReport[]> {
      const candidates = await listOpenInBox(db, {
        city: query.city,
        category: query.category,
        ...boxAround(query.lat, query.lng, REPORT_DUPLICATE_RADIUS_M),
      });
      const near = candidates
        .map((row) => ({ row, metres: distanceM(query, row) }))
        .filter(({ metres }) => metres <= REPORT_DUPLICATE_RADIUS_M)
        .sort((a, b) => a.metres - b.metres);
      const presented = await presentMany(near.map(({ row }) => row));
      return presented.map((report, i) => ({ ...report, distanceM: Math.round(near[i]!.metres) }));
    },

    async mine(userId: string): Promise<PublicReport[]> {
      return presentMany(await listMine(db, userId, MINE_LIMIT));
    },

    async get(id: string, caller: { id: string } | null): Promise<ReportDetail> {
      reportNumber(id);
      const row = await findReport(db, id);
      if (!row) throw reportNotFound(id);
      return detailOf(db, row, caller);
    },

    async follow(id: string, userId: string) {
      reportNumber(id);
      return unitOfWork(async (unit) => {
        const row = await findReport(unit.trx, id);
        if (!row) throw reportNotFound(id);
        const added = await addFollower(unit.trx, id, userId, deps.now());
        const { followers } = added
          ? await bumpFollowers(unit.trx, id, 1)
          : { followers: row.followers };
        if (added) unit.publish('report:updated', updatedEvent(row));
        return { following: true, followers };
      });
    },

    async unfollow(id: string, userId: string) {
      reportNumber(id);
      return unitOfWork(async (unit) => {
        const row = await findReport(unit.trx, id);
        if (!row) throw reportNotFound(id);
        const removed = await removeFollower(unit.trx, id, userId);
        const { followers } = removed
          ? await bumpFollowers(unit.trx, id, -1)
          : { followers: row.followers };
        if (removed) unit.publish('report:updated', updatedEvent(row));
        return { following: false, followers };
      });
    },

    async assign(
      id: string,
      assignment: { department: ReportDepartment; assigneeId?: string | null },
      actor: ReportActor,
    ): Promise<StaffReport> {
      reportNumber(id);
      const assigneeId = assignment.assigneeId ?? null;
      if (assigneeId !== null && !(await deps.staff.find(assigneeId))) {
        throw new Invalid('The assignee is not an active operator or admin', [
          { path: 'assigneeId', message: 'is not an operator or admin' },
        ]);
      }
      const now = deps.now();
      return unitOfWork(async (unit) => {
        await lockedOpen(unit, id);
        const updated = await updateReport(unit.trx, id, {
          department: assignment.department,
          assignee_id: assigneeId,
          updated_at: now,
        });
        const eventId = await recordStep(unit, updated, {
          kind: 'assigned',
          actor: { id: actor.id, role: actor.role },
          at: now,
        });
        if (assigneeId !== null) {
          await deps.notifications.deliver(unit, [
            {
              key: `report-step:${eventId}`,
              kind: 'report_assigned',
              report: notified(updated),
              actor: { id: actor.id, name: actor.name },
              to: { userIds: [assigneeId] },
            },
          ]);
        }
        return (await presentStaff(unit.trx, [updated]))[0]!;
      });
    },

    async setStatus(
      id: string,
      change: { status: ReportStatus; note?: string },
      actor: ReportActor,
    ): Promise<StaffReport> {
      reportNumber(id);
      const now = deps.now();
      return unitOfWork(async (unit) => {
        const row = await lockReport(unit.trx, id);
        if (!row) throw reportNotFound(id);
        const from = reportStatusSchema.parse(row.status);
        if (!canMoveReport(from, change.status)) {
          throw new Conflict(`Report ${id} cannot move from ${from} to ${change.status}`);
        }
        const ends = !isOpenReport({ status: change.status });
        const updated = await updateReport(unit.trx, id, {
          status: change.status,
          updated_at: now,
          ...(ends && { closed_at: now, status_note: change.note ?? null }),
        });
        const eventId = await recordStep(unit, updated, {
          kind: 'status',
          actor: { id: actor.id, role: actor.role },
          note: change.note ?? null,
          at: now,
        });
        await tellFollowers(
          unit,
          ends ? updated : { ...updated, status_note: change.note ?? null },
          { eventId, kind: 'report_status', actorId: actor.id },
          await listFollowerIds(unit.trx, id),
        );
        return (await presentStaff(unit.trx, [updated]))[0]!;
      });
    },

    /** Closes a duplicate as merged into another open report of its city, moving its followers. */
    async merge(id: string, into: string, actor: ReportActor): Promise<StaffReport> {
      reportNumber(id);
      reportNumber(into);
      if (id === into) throw new Conflict('A report cannot be merged into itself');
      const now = deps.now();
      return unitOfWork(async (unit) => {
        // Locked in the order of their numbers, so two merges of the same pair cannot deadlock.
        const [first, second] = BigInt(id) < BigInt(into) ? [id, into] : [into, id];
        const a = await lockedOpen(unit, first);
        const b = await lockedOpen(unit, second);
        const duplicate = a.id === id ? a : b;
        const target = a.id === id ? b : a;
        if (duplicate.city_key !== target.city_key) {
          throw new Conflict('Reports of different cities cannot be merged');
        }
        const merged = await updateReport(unit.trx, id, {
          status: 'closed',
          merged_into: into,
          status_note: `Duplicate of report ${into}`,
          closed_at: now,
          updated_at: now,
        });
        const told = await listFollowerIds(unit.trx, id);
        const followers = await moveFollowers(unit.trx, id, into, now);
        const updatedTarget = await updateReport(unit.trx, into, { followers, updated_at: now });
        const eventId = await recordStep(unit, merged, {
          kind: 'merged',
          actor: { id: actor.id, role: actor.role },
          note: merged.status_note,
          at: now,
        });
        await tellFollowers(
          unit,
          { ...merged, status_note: null },
          { eventId, kind: 'report_merged', actorId: actor.id },
          told,
        );
        await recordStep(unit, updatedTarget, {
          kind: 'duplicate',
          actor: { id: actor.id, role: actor.role },
          note: `Report ${id} merged into this one`,
          at: now,
        });
        return (await presentStaff(unit.trx, [updatedTarget]))[0]!;
      });
    },

    /**
     * Escalates open reports past their deadline, each once: the timeline and the ledger record
     * it, and the people the city's escalation policy for high alerts notifies (its operators when
     * it has none) are told, with the report's assignee. Returns how many were escalated.
     */
    async escalateOverdue(limit = 200): Promise<number> {
      const now = deps.now();
      return unitOfWork(async (unit) => {
        const rows = await claimOverdueReports(unit.trx, now, limit);
        // Each city's policy is read once a run, however many of its reports are overdue.
        const policies = new Map<CityKey, Promise<EscalationAudience[]>>();
        const audiencesOf = (city: CityKey) => {
          let audiences = policies.get(city);
          if (!audiences) {
            audiences = deps.escalationPolicies.audiences(unit.trx, city, REPORT_OVERDUE_SEVERITY);
            policies.set(city, audiences);
          }
          return audiences;
        };
        const requests: NotificationRequest[] = [];
        for (const row of rows) {
          const id = String(row.id);
          const escalated = await updateReport(unit.trx, id, { escalated_at: now });
          const eventId = await recordStep(unit, escalated, {
            kind: 'escalated',
            actor: { id: null, role: 'system' },
            at: now,
          });
          const audiences = await audiencesOf(cityKeySchema.parse(row.city_key));
          for (const audience of audiences.length > 0 ? audiences : (['operators'] as const)) {
            requests.push({
              key: `report-step:${eventId}:${audience}`,
              kind: 'report_overdue',
              report: notified(escalated),
              actor: null,
              to: { audience },
            });
          }
          if (row.assignee_id !== null) {
            requests.push({
              key: `report-step:${eventId}:assignee`,
              kind: 'report_overdue',
              report: notified(escalated),
              actor: null,
              to: { userIds: [row.assignee_id] },
            });
          }
        }
        await deps.notifications.deliver(unit, requests);
        return rows.length;
      });
    },

    /** The sensors within the context radius of a report, nearest first, and their active alerts. */
    async context(id: string): Promise<ReportContext> {
      reportNumber(id);
      const row = await findReport(db, id);
      if (!row) throw reportNotFound(id);
      const box = boxAround(row.lat, row.lng, REPORT_CONTEXT_RADIUS_M);
      const page = await deps.sensors.page(
        { city: row.city_key, bbox: box },
        { sort: 'id', limit: 200 },
      );
      const sensors = page.items
        .map((s) => ({ sensor: s, metres: distanceM(row, s) }))
        .filter(({ metres }) => metres <= REPORT_CONTEXT_RADIUS_M)
        .sort((a, b) => a.metres - b.metres)
        .slice(0, 50);
      const near = new Map(sensors.map(({ sensor, metres }) => [sensor.id, metres]));
      const alerts = (await deps.alerts.activeOfCity(row.city_key))
        .flatMap((a) =>
          a.sensorId !== null && near.has(a.sensorId) ? [{ ...a, sensorId: a.sensorId }] : [],
        )
        .slice(0, 50);
      return {
        sensors: sensors.map(({ sensor, metres }) => ({
          id: sensor.id,
          name: sensor.name,
          type: sensor.type,
          status: sensor.status,
          value: sensor.value,
          unit: sensor.unit,
          distanceM: Math.round(metres),
        })),
        alerts: alerts.map((a) => ({
          id: a.id,
          title: a.title,
          severity: a.severity,
          sensorId: a.sensorId,
          createdAt: a.createdAt,
          distanceM: Math.round(near.get(a.sensorId) ?? 0),
        })),
      };
    },
  };
}

/** The live event of one report's change. */
function updatedEvent(row: ReportRow): ReportUpdatedEvent {
  return { city: cityKeySchema.parse(row.city_key), ids: [String(row.id)], more: false };
}

/** A report's number as the database keeps it; a text that is no number names no report. */
function reportNumber(id: string): string {
  if (!isReportNumber(id)) throw reportNotFound(id);
  return id;
}

function reportNotFound(id: string) {
  return new NotFound(`No report with number "${id}"`);
}
