import { z } from 'zod';
import { cityKeySchema } from './cities';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canManageReportCategories, canTriageReports } from './policies';
import { idempotencyHeadersSchema } from './requests';

// Citizens' reports of problems in the street (a pothole, garbage not collected, a streetlight
// out): made in the app or through Open311 GeoReport v2, triaged by operators against each
// category's deadline, followed by anyone, and tracked in public without personal data.

/**
 * What a report can be about. The codes are the Open311 `service_code`s too, so they never change;
 * a city's deadline for each is its own (`report_categories`).
 */
export const REPORT_CATEGORIES = [
  'pothole',
  'garbage',
  'overflowing_bin',
  'streetlight',
  'water_leak',
  'sewage',
  'noise',
  'fallen_tree',
  'other',
] as const;
export const reportCategorySchema = z.enum(REPORT_CATEGORIES).meta({ id: 'ReportCategory' });
export type ReportCategory = z.infer<typeof reportCategorySchema>;

/**
 * Where a report stands. `closed` (fixed, with a resolution note) and `rejected` (with a reason)
 * end it; the others are open, and only open reports can be overdue.
 */
export const REPORT_STATUSES = [
  'open',
  'acknowledged',
  'in_progress',
  'closed',
  'rejected',
] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES).meta({ id: 'ReportStatus' });
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const OPEN_REPORT_STATUSES: readonly ReportStatus[] = [
  'open',
  'acknowledged',
  'in_progress',
];

/** Whether a text is a report's number as the platform gives them (`42`), so it may name one. */
export function isReportNumber(text: string): boolean {
  return /^[1-9]\d{0,17}$/.test(text);
}

/** Whether a report still needs work. */
export function isOpenReport(report: { status: ReportStatus }): boolean {
  return OPEN_REPORT_STATUSES.includes(report.status);
}

/** The statuses a report may move to from each status; an ended report stays ended. */
export const REPORT_TRANSITIONS: Readonly<Record<ReportStatus, readonly ReportStatus[]>> = {
  open: ['acknowledged', 'in_progress', 'closed', 'rejected'],
  acknowledged: ['in_progress', 'closed', 'rejected'],
  in_progress: ['closed', 'rejected'],
  closed: [],
  rejected: [],
};

/** Whether a report in `from` may move to `to`. */
export function canMoveReport(from: ReportStatus, to: ReportStatus): boolean {
  return REPORT_TRANSITIONS[from].includes(to);
}

/** The statuses that need a note: what was done (closed) or why not (rejected). */
export const REPORT_STATUSES_WITH_NOTE: readonly ReportStatus[] = ['closed', 'rejected'];

/** The city departments a report is assigned to. */
export const REPORT_DEPARTMENTS = [
  'roads',
  'sanitation',
  'lighting',
  'water',
  'drainage',
  'parks',
  'environment',
  'general',
] as const;
export const reportDepartmentSchema = z.enum(REPORT_DEPARTMENTS).meta({ id: 'ReportDepartment' });
export type ReportDepartment = z.infer<typeof reportDepartmentSchema>;

/** Each category's department and deadline in a city until its admins set their own. */
export const DEFAULT_REPORT_CATEGORY_SETTINGS: Readonly<
  Record<ReportCategory, { department: ReportDepartment; slaHours: number }>
> = {
  pothole: { department: 'roads', slaHours: 72 },
  garbage: { department: 'sanitation', slaHours: 24 },
  overflowing_bin: { department: 'sanitation', slaHours: 24 },
  streetlight: { department: 'lighting', slaHours: 72 },
  water_leak: { department: 'water', slaHours: 24 },
  sewage: { department: 'drainage', slaHours: 48 },
  noise: { department: 'environment', slaHours: 12 },
  fallen_tree: { department: 'parks', slaHours: 12 },
  other: { department: 'general', slaHours: 120 },
};

/** The shortest and longest deadline an admin may set, in hours (one hour to 90 days). */
export const REPORT_SLA_MIN_HOURS = 1;
export const REPORT_SLA_MAX_HOURS = 24 * 90;

export const REPORT_DESCRIPTION_MIN_LENGTH = 5;
export const REPORT_DESCRIPTION_MAX_LENGTH = 2_000;
export const REPORT_ADDRESS_MAX_LENGTH = 300;
export const REPORT_NOTE_MAX_LENGTH = 1_000;

/** Photos a report may carry, and what each may be. */
export const REPORT_MAX_PHOTOS = 3;
export const REPORT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const REPORT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The most pixels a photo may decode to: a phone's 50-megapixel camera, not a decompression bomb. */
export const REPORT_PHOTO_MAX_PIXELS = 60_000_000;
/** The longest side of a stored photo, in pixels. */
export const REPORT_PHOTO_MAX_SIDE = 2_048;

/** How near an open report of the same category must be to be shown as a possible duplicate. */
export const REPORT_DUPLICATE_RADIUS_M = 100;
/** How near a sensor or an alert must be to be shown beside a report. */
export const REPORT_CONTEXT_RADIUS_M = 500;

const latSchema = z.number().min(-90).max(90);
const lngSchema = z.number().min(-180).max(180);

/** A city's setting for one category: its department and deadline. */
export const reportCategorySettingSchema = z
  .object({
    city: cityKeySchema,
    code: reportCategorySchema,
    department: reportDepartmentSchema,
    /** Hours from the report to its deadline. */
    slaHours: z.number().int(),
  })
  .meta({ id: 'ReportCategorySetting' });
export type ReportCategorySetting = z.infer<typeof reportCategorySettingSchema>;

export const reportCategoryListSchema = z
  .object({ items: z.array(reportCategorySettingSchema) })
  .meta({ id: 'ReportCategoryList' });

export const reportCategoriesQuerySchema = z.object({ city: cityKeySchema.optional() });

export const reportCategoryParamsSchema = z.object({
  city: cityKeySchema,
  code: reportCategorySchema,
});

export const reportCategoryUpdateSchema = z
  .object({
    department: reportDepartmentSchema.optional(),
    slaHours: z
      .number()
      .int('must be whole hours')
      .min(REPORT_SLA_MIN_HOURS, `must be at least ${REPORT_SLA_MIN_HOURS} hour`)
      .max(REPORT_SLA_MAX_HOURS, `must be at most ${REPORT_SLA_MAX_HOURS} hours`)
      .optional(),
  })
  .strict()
  .refine((v) => v.department !== undefined || v.slaHours !== undefined, {
    message: 'must change the department or the deadline',
  })
  .meta({ id: 'ReportCategoryUpdate' });

/** A stored photo of a report: its address serves the cleaned JPEG. */
export const reportPhotoSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'ReportPhoto' });
export type ReportPhoto = z.infer<typeof reportPhotoSchema>;

/** `POST /api/reports`: what a person reports. The reporter is the signed-in caller. */
export const reportCreateSchema = z
  .object({
    city: cityKeySchema,
    category: reportCategorySchema,
    description: z
      .string()
      .trim()
      .min(
        REPORT_DESCRIPTION_MIN_LENGTH,
        `must be at least ${REPORT_DESCRIPTION_MIN_LENGTH} characters`,
      )
      .max(
        REPORT_DESCRIPTION_MAX_LENGTH,
        `must be at most ${REPORT_DESCRIPTION_MAX_LENGTH} characters`,
      ),
    lat: latSchema,
    lng: lngSchema,
    address: z
      .string()
      .trim()
      .max(REPORT_ADDRESS_MAX_LENGTH, `must be at most ${REPORT_ADDRESS_MAX_LENGTH} characters`)
      .optional(),
    /** Photos uploaded before (`POST /api/reports/photos`) by the same person. */
    photoIds: z
      .array(z.string().min(1).max(100))
      .max(REPORT_MAX_PHOTOS, `must hold at most ${REPORT_MAX_PHOTOS} photos`)
      .default([]),
  })
  .strict()
  .meta({ id: 'ReportCreate' });
export type ReportCreate = z.input<typeof reportCreateSchema>;

/**
 * An open report past its deadline is escalated as an alert of this severity would be: to the
 * people its city's escalation policy for it notifies.
 */
export const REPORT_OVERDUE_SEVERITY = 'high' as const;

/** The most report numbers one live `report:updated` message lists. */
export const MAX_LIVE_REPORT_IDS = 100;

/**
 * Live `report:updated`, to the followers of a city: these reports were made or changed (a status,
 * an assignment, a merge, a follower), gathered over a second. `more` says others changed too, past
 * the ones listed: every report of the city is to be read again.
 */
export const reportUpdatedEventSchema = z.object({
  city: cityKeySchema,
  ids: z.array(z.string()).max(MAX_LIVE_REPORT_IDS),
  more: z.boolean(),
});
export type ReportUpdatedEvent = z.infer<typeof reportUpdatedEventSchema>;

/** One step of a report's life, as the public timeline shows it: roles, never names. */
export const reportEventSchema = z
  .object({
    at: z.iso.datetime(),
    status: reportStatusSchema,
    /**
     * What happened: made, a status change, assigned, merged into another, a duplicate added, or
     * escalated to the city's staff past its deadline.
     */
    kind: z.enum(['created', 'status', 'assigned', 'merged', 'duplicate', 'escalated']),
    /** Who did it, as a role (`citizen`, `operator`, `admin`, `app`, or `system` for a policy). */
    actor: z.string(),
    department: reportDepartmentSchema.nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'ReportEvent' });
export type ReportEvent = z.infer<typeof reportEventSchema>;

/** A report as anyone may see it: no reporter, no staff member's name. */
export const publicReportSchema = z
  .object({
    /** The public number, also the Open311 `service_request_id`. */
    id: z.string(),
    city: cityKeySchema,
    category: reportCategorySchema,
    status: reportStatusSchema,
    description: z.string(),
    lat: z.number(),
    lng: z.number(),
    address: z.string().nullable(),
    /** The key of the city area it lies in (`CITY_AREAS`), or null outside them. */
    area: z.string().nullable(),
    photos: z.array(reportPhotoSchema),
    department: reportDepartmentSchema,
    /** The resolution note of a closed report, or the reason of a rejected one. */
    statusNote: z.string().nullable(),
    /** The report this one was merged into as a duplicate. */
    mergedInto: z.string().nullable(),
    /** How many people follow it: the reporter and those who added their voice. */
    followers: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    dueAt: z.iso.datetime(),
    closedAt: z.iso.datetime().nullable(),
    /** Open past its deadline. */
    overdue: z.boolean(),
  })
  .meta({ id: 'PublicReport' });
export type PublicReport = z.infer<typeof publicReportSchema>;

/** A report as staff triage it: the assignee and where it came from too. */
export const staffReportSchema = publicReportSchema
  .extend({
    assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
    source: z.enum(['app', 'open311']),
    /** When the overdue report was escalated; null while it is not. */
    escalatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'StaffReport' });
export type StaffReport = z.infer<typeof staffReportSchema>;

/** `GET /api/reports/{id}`: the report, its timeline, and whether the caller follows it. */
export const reportDetailSchema = publicReportSchema
  .extend({
    history: z.array(reportEventSchema),
    /** Whether the signed-in caller follows it; false for a visitor. */
    following: z.boolean(),
    /** Whether the signed-in caller made it. */
    mine: z.boolean(),
  })
  .meta({ id: 'ReportDetail' });
export type ReportDetail = z.infer<typeof reportDetailSchema>;

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional(),
};

/** `GET /api/reports`: the public tracker's page, newest first. */
export const reportListQuerySchema = z.object({
  city: cityKeySchema.optional(),
  status: reportStatusSchema.optional(),
  category: reportCategorySchema.optional(),
  area: z.string().min(1).max(100).optional(),
  ...pageQuery,
});
export type ReportListQuery = z.input<typeof reportListQuerySchema>;

export const reportListSchema = z
  .object({ items: z.array(publicReportSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ReportList' });
export type ReportList = z.infer<typeof reportListSchema>;

/** `GET /api/reports/queue`: the operators' queue, the earliest deadline first. */
export const reportQueueQuerySchema = z.object({
  city: cityKeySchema,
  /** Open (the default: open, acknowledged and in progress), or one status. */
  status: z.union([z.literal('active'), reportStatusSchema]).default('active'),
  category: reportCategorySchema.optional(),
  department: reportDepartmentSchema.optional(),
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...pageQuery,
});
export type ReportQueueQuery = z.input<typeof reportQueueQuerySchema>;

export const reportQueueSchema = z
  .object({ items: z.array(staffReportSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ReportQueue' });
export type ReportQueue = z.infer<typeof reportQueueSchema>;

/** `GET /api/reports/nearby`: open reports of a category near a point, before one is sent. */
export const reportNearbyQuerySchema = z.object({
  city: cityKeySchema,
  category: reportCategorySchema,
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});

export const nearbyReportSchema = publicReportSchema
  .extend({ distanceM: z.number().int() })
  .meta({ id: 'NearbyReport' });
export type NearbyReport = z.infer<typeof nearbyReportSchema>;

export const nearbyReportListSchema = z
  .object({ items: z.array(nearbyReportSchema) })
  .meta({ id: 'NearbyReportList' });

/** `GET /api/reports/mine`: what the caller reported or follows, newest first. */
export const myReportListSchema = z
  .object({ items: z.array(publicReportSchema) })
  .meta({ id: 'MyReportList' });

/** `POST /api/reports/{id}/follow` and `/unfollow`: the count after. */
export const reportFollowSchema = z
  .object({ following: z.boolean(), followers: z.number().int() })
  .meta({ id: 'ReportFollow' });

/** `POST /api/reports/{id}/assign`: a department, and optionally one of its staff. */
export const reportAssignSchema = z
  .object({
    department: reportDepartmentSchema,
    assigneeId: z.string().min(1).max(100).nullable().optional(),
  })
  .strict()
  .meta({ id: 'ReportAssign' });

/** `POST /api/reports/{id}/status`: the next status, with a note where it needs one. */
export const reportStatusChangeSchema = z
  .object({
    status: reportStatusSchema,
    note: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(REPORT_NOTE_MAX_LENGTH, `must be at most ${REPORT_NOTE_MAX_LENGTH} characters`)
      .optional(),
  })
  .strict()
  .refine((v) => !REPORT_STATUSES_WITH_NOTE.includes(v.status) || v.note !== undefined, {
    message: 'a closed report needs its resolution, a rejected one its reason',
    path: ['note'],
  })
  .meta({ id: 'ReportStatusChange' });

/** `POST /api/reports/{id}/merge`: the report this one duplicates. */
export const reportMergeSchema = z
  .object({ into: z.string().min(1).max(100) })
  .strict()
  .meta({ id: 'ReportMerge' });

/** `GET /api/reports/{id}/context`: the sensors near the report and their active alerts. */
export const reportContextSchema = z
  .object({
    sensors: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.string(),
        status: z.string(),
        value: z.number().nullable(),
        unit: z.string(),
        distanceM: z.number().int(),
      }),
    ),
    alerts: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        severity: z.string(),
        sensorId: z.string(),
        createdAt: z.iso.datetime(),
        distanceM: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ReportContext' });
export type ReportContext = z.infer<typeof reportContextSchema>;

/** `POST /api/reports/photos`: the photo as stored, cleaned. */
export const uploadedReportPhotoSchema = reportPhotoSchema.meta({ id: 'UploadedReportPhoto' });

const NO_REPORT = 'No such report';
const STAFF_ONLY = 'Only operators and admins triage reports';

export const REPORT_ENDPOINTS = {
  categories: {
    method: 'get',
    path: '/api/reports/categories',
    summary: "Each city's report categories with their department and deadline (public)",
    tags: ['Reports'],
    access: 'public',
    query: reportCategoriesQuerySchema,
    status: 200,
    response: reportCategoryListSchema,
    description: 'The categories',
  },
  setCategory: {
    method: 'put',
    path: '/api/reports/categories/{city}/{code}',
    summary: "Sets a category's department or deadline in a city (admin)",
    tags: ['Reports'],
    access: canManageReportCategories,
    params: reportCategoryParamsSchema,
    body: reportCategoryUpdateSchema,
    status: 200,
    response: reportCategorySettingSchema,
    description: 'The category as set',
    errors: { 403: 'Only admins set report deadlines' },
  },
  list: {
    method: 'get',
    path: '/api/reports',
    summary: 'Reports for the public tracker, newest first, without personal data (public)',
    tags: ['Reports'],
    access: 'public',
    query: reportListQuerySchema,
    status: 200,
    response: reportListSchema,
    description: 'A page of reports',
  },
  nearby: {
    method: 'get',
    path: '/api/reports/nearby',
    summary: `Open reports of a category within ${REPORT_DUPLICATE_RADIUS_M} m of a point, nearest first (public)`,
    tags: ['Reports'],
    access: 'public',
    query: reportNearbyQuerySchema,
    status: 200,
    response: nearbyReportListSchema,
    description: 'Possible duplicates',
  },
  mine: {
    method: 'get',
    path: '/api/reports/mine',
    summary: 'The reports the caller made or follows, newest first',
    tags: ['Reports'],
    access: 'signed-in',
    status: 200,
    response: myReportListSchema,
    description: "The caller's reports",
  },
  queue: {
    method: 'get',
    path: '/api/reports/queue',
    summary: "A city's reports to triage, the earliest deadline first (operator, admin)",
    tags: ['Reports'],
    access: canTriageReports,
    query: reportQueueQuerySchema,
    status: 200,
    response: reportQueueSchema,
    description: 'A page of the queue',
    errors: { 403: STAFF_ONLY },
  },
  get: {
    method: 'get',
    path: '/api/reports/{id}',
    summary: 'One report with its timeline (public)',
    tags: ['Reports'],
    access: 'public',
    params: idParamsSchema,
    status: 200,
    response: reportDetailSchema,
    description: 'The report',
    errors: { 404: NO_REPORT },
  },
  photo: {
    method: 'get',
    path: '/api/reports/photos/{id}',
    summary:
      'A report photo, as the cleaned JPEG (public once on a report; its uploader until then)',
    tags: ['Reports'],
    access: 'public',
    params: idParamsSchema,
    status: 200,
    file: { contentType: 'image/jpeg' },
    description: 'The photo',
    errors: { 404: 'No such photo' },
  },
  uploadPhoto: {
    method: 'post',
    path: '/api/reports/photos',
    summary: `Uploads a photo for a report: JPEG, PNG or WebP, at most ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB, stored re-encoded without its metadata`,
    notes:
      'The body is the image itself, with its Content-Type. A photo not attached to a report within a day is deleted.',
    tags: ['Reports'],
    access: 'signed-in',
    upload: { types: REPORT_PHOTO_TYPES, maxBytes: REPORT_PHOTO_MAX_BYTES },
    status: 201,
    response: uploadedReportPhotoSchema,
    description: 'The stored photo',
    errors: {
      400: 'Not an image of the type it says, or one that cannot be read',
      413: `Larger than ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB, or more than ${REPORT_PHOTO_MAX_PIXELS / 1_000_000} megapixels`,
      415: 'Not JPEG, PNG or WebP',
    },
  },
  create: {
    method: 'post',
    path: '/api/reports',
    summary: 'Reports a problem; the caller follows it',
    tags: ['Reports'],
    access: 'signed-in',
    headers: idempotencyHeadersSchema,
    body: reportCreateSchema,
    status: 201,
    response: reportDetailSchema,
    description: 'The report',
    alsoStatus: { status: 200, description: 'The report an earlier request with this key made' },
    errors: {
      400: 'A field is invalid, a photo is not one of the caller’s, or the point is outside the city',
      409: 'The Idempotency-Key was used with another body',
    },
  },
  follow: {
    method: 'post',
    path: '/api/reports/{id}/follow',
    summary: 'Follows a report (adds the caller’s voice)',
    tags: ['Reports'],
    access: 'signed-in',
    params: idParamsSchema,
    status: 200,
    response: reportFollowSchema,
    description: 'Following, with the count',
    errors: { 404: NO_REPORT },
  },
  unfollow: {
    method: 'post',
    path: '/api/reports/{id}/unfollow',
    summary: 'Stops following a report',
    tags: ['Reports'],
    access: 'signed-in',
    params: idParamsSchema,
    status: 200,
    response: reportFollowSchema,
    description: 'Not following, with the count',
    errors: { 404: NO_REPORT },
  },
  assign: {
    method: 'post',
    path: '/api/reports/{id}/assign',
    summary: 'Assigns a report to a department and optionally one of its staff (operator, admin)',
    tags: ['Reports'],
    access: canTriageReports,
    params: idParamsSchema,
    body: reportAssignSchema,
    status: 200,
    response: staffReportSchema,
    description: 'The report',
    errors: {
      403: STAFF_ONLY,
      404: NO_REPORT,
      409: 'The report has ended',
      400: 'The assignee is not an operator or admin',
    },
  },
  setStatus: {
    method: 'post',
    path: '/api/reports/{id}/status',
    summary:
      'Moves a report on: acknowledged, in progress, closed with its resolution, rejected with its reason (operator, admin)',
    tags: ['Reports'],
    access: canTriageReports,
    params: idParamsSchema,
    body: reportStatusChangeSchema,
    status: 200,
    response: staffReportSchema,
    description: 'The report',
    errors: { 403: STAFF_ONLY, 404: NO_REPORT, 409: 'The report cannot move to that status' },
  },
  merge: {
    method: 'post',
    path: '/api/reports/{id}/merge',
    summary:
      'Merges a duplicate into another open report of its city; its followers follow that one (operator, admin)',
    tags: ['Reports'],
    access: canTriageReports,
    params: idParamsSchema,
    body: reportMergeSchema,
    status: 200,
    response: staffReportSchema,
    description: 'The report merged into',
    errors: {
      403: STAFF_ONLY,
      404: NO_REPORT,
      409: 'Either report has ended, they are one, or they are in different cities',
    },
  },
  context: {
    method: 'get',
    path: '/api/reports/{id}/context',
    summary: `Sensors and active alerts within ${REPORT_CONTEXT_RADIUS_M} m of a report (operator, admin)`,
    tags: ['Reports'],
    access: canTriageReports,
    params: idParamsSchema,
    status: 200,
    response: reportContextSchema,
    description: 'Nearby sensors and alerts',
    errors: { 403: STAFF_ONLY, 404: NO_REPORT },
  },
} as const satisfies Record<string, Endpoint>;
