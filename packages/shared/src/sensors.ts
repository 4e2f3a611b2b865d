import { z } from 'zod';
import { alertSeveritySchema } from './alerts';
import { SENSOR_STATUSES, SENSOR_TYPES, type SensorStatus } from './sensor-kinds';
import { cityKeySchema } from './cities';
import { metadataInputSchema } from './requests';

export const sensorTypeSchema = z.enum(SENSOR_TYPES).meta({ id: 'SensorType' });

/** A sensor silent this long is offline, which raises a warning of its own. */
export const OFFLINE_AFTER_MS = 5 * 60_000;

export const sensorStatusSchema = z.enum(SENSOR_STATUSES).meta({ id: 'SensorStatus' });

const metadataSchema = z.record(z.string(), z.unknown());

/** A sensor as `GET /api/sensors` and `GET /api/sensors/:id` return it. */
export const sensorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: sensorTypeSchema,
    city: cityKeySchema,
    /** The place the sensor stands at, e.g. "Howrah Bridge". */
    location: z.string(),
    lat: z.number(),
    lng: z.number(),
    status: sensorStatusSchema,
    unit: z.string(),
    /** The latest primary value; null before the first reading. */
    value: z.number().nullable(),
    /** When the latest reading was taken (ISO); null before the first reading. */
    lastReading: z.iso.datetime().nullable(),
    metadata: metadataSchema,
    /**
     * The end of the maintenance window covering the sensor now (the latest, when several do):
     * alerts it raises until then are recorded as suppressed. Null when none covers it. Apart from
     * the manual `maintenance` status, which an operator sets and clears by hand.
     */
    maintenanceUntil: z.iso.datetime().nullable().default(null),
  })
  .meta({ id: 'Sensor' });

export type Sensor = z.infer<typeof sensorSchema>;

export const sensorListSchema = z.array(sensorSchema).meta({ id: 'SensorList' });

/** Most sensors one page of `GET /api/sensors?limit=` holds. */
export const MAX_SENSOR_PAGE = 500;

/** Most sensors the plain list (no `limit`, no `cursor`) returns; `X-Total-Count` says how many matched. */
export const MAX_SENSOR_LIST = 5_000;

/** The orders a sensor list can be read in: the registry's (city, then id) or by name. */
export const SENSOR_SORTS = ['id', 'name'] as const;
export const sensorSortSchema = z.enum(SENSOR_SORTS).meta({ id: 'SensorSort' });
export type SensorSort = z.infer<typeof sensorSortSchema>;

/** A map area in degrees; west ≤ east (an area across the antimeridian is two requests). */
export type BoundingBox = { west: number; south: number; east: number; north: number };

const BBOX_MESSAGE = 'must be west,south,east,north in degrees, with west ≤ east and south ≤ north';

/** `bbox=west,south,east,north` as a query parameter, read into a BoundingBox. */
export const boundingBoxSchema = z
  .string()
  .transform((raw, ctx): BoundingBox => {
    const parts = raw.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
    const [west, south, east, north] = parts as [number, number, number, number];
    const valid =
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      west >= -180 &&
      east <= 180 &&
      south >= -90 &&
      north <= 90 &&
      west <= east &&
      south <= north;
    if (!valid) {
      ctx.addIssue({ code: 'custom', message: BBOX_MESSAGE });
      return z.NEVER;
    }
    return { west, south, east, north };
  })
  .meta({ description: 'west,south,east,north in degrees', example: '88.30,22.50,88.40,22.60' });

/** The filters every sensor query shares: the list, its counts and the map's clusters. */
export const sensorFilterQuerySchema = z.object({
  city: cityKeySchema.optional(),
  type: sensorTypeSchema.optional(),
  status: sensorStatusSchema.optional(),
  /** Part of the name, place or id, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  bbox: boundingBoxSchema.optional(),
});

/** `GET /api/sensors` filters, order and page. */
export const sensorListQuerySchema = sensorFilterQuerySchema.extend({
  sort: sensorSortSchema.default('id'),
  /** With `limit` or `cursor` the answer is a page; without both, the plain (capped) list. */
  limit: z.coerce.number().int().min(1).max(MAX_SENSOR_PAGE).optional(),
  cursor: z.string().min(1).max(1_000).optional(),
});

export type SensorListQuery = z.infer<typeof sensorListQuerySchema>;

/** Sensors read a page at a time: `nextCursor` asks for the page after (null on the last one). */
export const sensorPageSchema = z
  .object({
    items: z.array(sensorSchema),
    nextCursor: z.string().nullable(),
    /** How many sensors match the filters, over every page. */
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'SensorPage' });

export type SensorPage = z.infer<typeof sensorPageSchema>;

/**
 * `GET /api/sensors/counts`: how many sensors the filters match, per type (within the status
 * filter) and per status (within the type filter), so each count is the length of the list that
 * choosing it shows.
 */
export const sensorCountsSchema = z
  .object({
    total: z.number().int().nonnegative(),
    byType: z.record(sensorTypeSchema, z.number().int().nonnegative()),
    byStatus: z.record(sensorStatusSchema, z.number().int().nonnegative()),
  })
  .meta({ id: 'SensorCounts' });

export type SensorCounts = z.infer<typeof sensorCountsSchema>;

/** Worse statuses outrank better ones: a cluster shows the worst of its sensors. */
export const SENSOR_STATUS_RANK: Record<SensorStatus, number> = {
  active: 0,
  pending: 1,
  inactive: 2,
  maintenance: 3,
  offline: 4,
};

/** The status a cluster of sensors shows: the worst among them. */
export function worstStatus(statuses: Iterable<SensorStatus>): SensorStatus | null {
  let worst: SensorStatus | null = null;
  for (const status of statuses)
    if (worst === null || SENSOR_STATUS_RANK[status] > SENSOR_STATUS_RANK[worst]) worst = status;
  return worst;
}

/** The zoom levels a sensor map asks clusters for (MapLibre's range). */
export const MAX_CLUSTER_ZOOM = 22;

/** `GET /api/sensors/clusters`: the filters, and the map's area and whole zoom level. */
export const sensorClustersQuerySchema = sensorFilterQuerySchema.extend({
  zoom: z.coerce.number().int().min(0).max(MAX_CLUSTER_ZOOM),
});

export type SensorClustersQuery = z.infer<typeof sensorClustersQuerySchema>;

/**
 * One mark on the map: the sensors of one grid cell. A cell of one sensor names it (`sensor`); a
 * larger one says how many it holds, the worst status and the worst active alert among them and the
 * area they cover.
 */
export const sensorClusterSchema = z.object({
  lng: z.number(),
  lat: z.number(),
  count: z.number().int().positive(),
  worstStatus: sensorStatusSchema,
  /** The worst severity among the active alerts of the cell's sensors; null when none has one. */
  worstAlert: alertSeveritySchema.nullable(),
  /** west, south, east, north of the cell's sensors: where clicking the cluster zooms to. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  sensor: z
    .object({
      id: z.string(),
      name: z.string(),
      type: sensorTypeSchema,
      status: sensorStatusSchema,
    })
    .nullable(),
});

export type SensorCluster = z.infer<typeof sensorClusterSchema>;

/** The clusters of a map area at one zoom level, with how many sensors they hold together. */
export const sensorClustersSchema = z
  .object({
    zoom: z.number().int(),
    /** Size of a grid cell in screen pixels at that zoom. */
    cellPx: z.number().int().positive(),
    total: z.number().int().nonnegative(),
    clusters: z.array(sensorClusterSchema),
  })
  .meta({ id: 'SensorClusters' });

export type SensorClusters = z.infer<typeof sensorClustersSchema>;

/** `PATCH /api/sensors/:id` (operator, admin): a status change, metadata, or both. */
export const sensorUpdateSchema = z
  .object({ status: sensorStatusSchema.optional(), metadata: metadataInputSchema.optional() })
  .strict()
  .refine((v) => v.status !== undefined || v.metadata !== undefined, {
    message: 'give a status, metadata or both',
  })
  .meta({ id: 'SensorUpdate' });

export type SensorUpdate = z.infer<typeof sensorUpdateSchema>;

/** Live `sensor:updated`: a sensor's status or metadata changed. */
export const sensorUpdatedEventSchema = z.object({
  id: z.string(),
  city: cityKeySchema,
  status: sensorStatusSchema,
  metadata: metadataSchema,
});

export type SensorUpdatedEvent = z.infer<typeof sensorUpdatedEventSchema>;

/**
 * A sensor added to the registry by an import (`npm run sensors:import`, `POST /api/sensors`): where
 * it stands and what it measures.
 */
export const sensorRegistrationSchema = z
  .object({
    id: z.string().trim().min(1).max(100),
    name: z.string().trim().min(1).max(200),
    type: sensorTypeSchema,
    city: cityKeySchema,
    location: z.string().trim().min(1).max(200),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    /** The type's own unit when missing. */
    unit: z.string().trim().min(1).max(20).optional(),
    status: sensorStatusSchema.optional(),
    metadata: metadataSchema.optional(),
  })
  .strict()
  .meta({ id: 'SensorRegistration' });

export type SensorRegistration = z.infer<typeof sensorRegistrationSchema>;

/** Most sensors one `POST /api/sensors` registers; a larger file is sent in several batches. */
export const MAX_SENSOR_REGISTRATION_BATCH = 5_000;

/** The largest body `POST /api/sensors` takes: a full batch with a little metadata each. */
export const MAX_SENSOR_REGISTRATION_BODY_BYTES = 8 * 1024 * 1024;

/**
 * A sensor named twice in one import is a mistake in the file (which of the two is meant?), so it
 * is refused at the second entry rather than one of them silently kept.
 */
function refuseRepeatedIds(sensors: readonly { id: string }[], ctx: z.RefinementCtx): void {
  const firstAt = new Map<string, number>();
  sensors.forEach((sensor, index) => {
    const first = firstAt.get(sensor.id);
    if (first === undefined) firstAt.set(sensor.id, index);
    else
      ctx.addIssue({
        code: 'custom',
        path: [index, 'id'],
        message: `repeats the id of entry ${first}`,
      });
  });
}

/** The sensors of an import file (`npm run sensors:import`, the Sensors screen): each id once. */
export const sensorRegistrationListSchema = z
  .array(sensorRegistrationSchema)
  .superRefine(refuseRepeatedIds);

/** `POST /api/sensors` (admin): one sensor or a batch, added to the registry as one change. */
export const sensorRegistrationRequestSchema = z
  .object({
    sensors: z
      .array(sensorRegistrationSchema)
      .min(1)
      .max(MAX_SENSOR_REGISTRATION_BATCH)
      .superRefine(refuseRepeatedIds),
  })
  .strict()
  .meta({ id: 'SensorRegistrationRequest' });

export type SensorRegistrationRequest = z.infer<typeof sensorRegistrationRequestSchema>;

/** The answer of `POST /api/sensors`: how many of the sensors were new (ids already there are kept). */
export const sensorRegistrationResultSchema = z
  .object({ added: z.number().int().nonnegative() })
  .meta({ id: 'SensorRegistrationResult' });

export type SensorRegistrationResult = z.infer<typeof sensorRegistrationResultSchema>;
