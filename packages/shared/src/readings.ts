import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canSeeStorage, canSendReadings } from './policies';
import { cityKeySchema } from './cities';
import { metadataInputSchema } from './requests';

/** Most readings one `POST /api/ingest/readings` may carry. */
export const MAX_INGEST_BATCH = 5_000;

/** Most points a history answer holds; longer windows are bucketed. */
export const MAX_HISTORY_POINTS = 1_000;

/** One reading sent by a device, the simulator or MQTT. */
export const readingInputSchema = z
  .object({
    sensorId: z.string().trim().min(1).max(100),
    value: z.number().refine(Number.isFinite, 'must be a finite number'),
    unit: z.string().trim().min(1).max(20).optional(),
    /** When the value was measured (ISO); the server's time when missing. */
    timestamp: z.iso.datetime({ offset: true }).optional(),
    metadata: metadataInputSchema.optional(),
  })
  .meta({ id: 'ReadingInput' });

export type ReadingInput = z.infer<typeof readingInputSchema>;

/** `POST /api/ingest/readings`: 1 to 5,000 readings, stored all or nothing. */
export const ingestRequestSchema = z
  .object({ readings: z.array(readingInputSchema).min(1).max(MAX_INGEST_BATCH) })
  .meta({ id: 'IngestRequest' });

export type IngestRequest = z.infer<typeof ingestRequestSchema>;

export const ingestResponseSchema = z
  .object({
    /** Readings in the batch, all stored (now or before). */
    accepted: z.number().int().nonnegative(),
    /**
     * Of those, readings stored before and skipped: the same sensor at the same instant (a retried
     * batch, a redelivered message). A device that retries sends each reading's own timestamp.
     */
    duplicates: z.number().int().nonnegative(),
  })
  .meta({ id: 'IngestResponse' });

/**
 * The history windows: an hour for what just happened, a day for patterns, a week for trends, a
 * month (hourly points) and a year (daily points) for seasons, read from the rollups.
 */
export const READING_WINDOWS = ['1h', '24h', '7d', '30d', '1y'] as const;
export const readingWindowSchema = z.enum(READING_WINDOWS).meta({ id: 'ReadingWindow' });
export type ReadingWindow = z.infer<typeof readingWindowSchema>;
export const DEFAULT_READING_WINDOW: ReadingWindow = '24h';

/** Length of each window in milliseconds. */
export const READING_WINDOW_MS: Record<ReadingWindow, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
  '1y': 31_536_000_000,
};

export const readingHistoryQuerySchema = z.object({
  window: readingWindowSchema.default(DEFAULT_READING_WINDOW),
});

/** One point of a history: a raw reading (min = max = value) or a time bucket. */
export const readingPointSchema = z.object({
  timestamp: z.iso.datetime(),
  value: z.number(),
  min: z.number(),
  max: z.number(),
});

export type ReadingPoint = z.infer<typeof readingPointSchema>;

/** `GET /api/sensors/:id/readings`: newest first, at most 1,000 points. */
export const readingHistorySchema = z
  .object({
    sensorId: z.string(),
    window: readingWindowSchema,
    /** 0 for raw readings, otherwise the bucket length in seconds. */
    bucketS: z.number().int().nonnegative(),
    points: z.array(readingPointSchema).max(MAX_HISTORY_POINTS),
  })
  .meta({ id: 'ReadingHistory' });

export type ReadingHistory = z.infer<typeof readingHistorySchema>;

/** One sensor's latest value as the live `readings` event carries it. */
export const liveReadingSchema = z.object({
  sensorId: z.string(),
  value: z.number(),
  unit: z.string(),
  timestamp: z.iso.datetime(),
});

export type LiveReading = z.infer<typeof liveReadingSchema>;

/** Live `readings`: the latest value of each sensor of a city that reported since the last batch. */
export const readingsEventSchema = z.object({
  city: cityKeySchema,
  readings: z.array(liveReadingSchema),
});

export type ReadingsEvent = z.infer<typeof readingsEventSchema>;

/** The topic root devices publish readings under unless a deployment names another (MQTT_TOPIC_PREFIX). */
export const DEFAULT_MQTT_TOPIC_PREFIX = 'smartcity';

/** The MQTT topic one sensor's readings are published on. */
export function readingsTopic(
  sensor: { city: string; id: string },
  prefix = DEFAULT_MQTT_TOPIC_PREFIX,
) {
  return `${prefix}/${sensor.city}/sensors/${sensor.id}/readings`;
}

/**
 * What the readings take on disk and how long each kind is kept (admins): the database, the raw
 * readings (every day partition, tables and indexes), the rollups, and the oldest day still held.
 */
export const readingsStorageSchema = z
  .object({
    databaseBytes: z.number().int().nonnegative(),
    rawBytes: z.number().int().nonnegative(),
    rawPartitions: z.number().int().nonnegative(),
    rollupBytes: z.number().int().nonnegative(),
    /** The start of the oldest day holding raw readings; null without any. */
    oldestReading: z.iso.datetime().nullable(),
    retention: z.object({
      /** RETENTION_RAW_DAYS. */
      rawDays: z.number().int().positive(),
      /** The minute and quarter-hour rollups: as long as the raw readings, at least 8 days. */
      fineRollupDays: z.number().int().positive(),
      /** RETENTION_HOURLY_DAYS. */
      hourlyDays: z.number().int().positive(),
      /** RETENTION_DAILY_DAYS; null: kept for ever. */
      dailyDays: z.number().int().positive().nullable(),
    }),
  })
  .meta({ id: 'ReadingsStorage' });
export type ReadingsStorage = z.infer<typeof readingsStorageSchema>;

export const READING_ENDPOINTS = {
  ingest: {
    method: 'post',
    path: '/api/ingest/readings',
    summary: 'Stores 1–5,000 readings, all or nothing (device key, operator or admin)',
    tags: ['Sensors'],
    access: canSendReadings,
    deviceKeys: true,
    body: ingestRequestSchema,
    status: 202,
    response: ingestResponseSchema,
    description: 'Stored',
    errors: {
      400: 'Invalid readings; details lists each failing index, nothing was stored',
      401: 'No valid device key, session or token',
      403: 'Citizens cannot send readings',
      413: 'More than 5,000 readings, or a body over 4 MB',
      429: 'Ingest is at its bound; nothing stored, retry after Retry-After seconds',
      503: 'The database is unavailable; nothing stored, retry after Retry-After seconds',
    },
  },
  history: {
    method: 'get',
    path: '/api/sensors/{id}/readings',
    summary:
      "A sensor's readings over 1h, 24h, 7d, 30d (hourly) or 1y (daily), newest first, at most 1,000 points",
    tags: ['Sensors'],
    access: 'signed-in',
    params: idParamsSchema,
    query: readingHistoryQuerySchema,
    status: 200,
    response: readingHistorySchema,
    description: 'Raw readings (bucketS 0) or time buckets',
    errors: { 400: 'Unknown window', 404: 'No such sensor' },
  },
  storage: {
    method: 'get',
    path: '/api/admin/storage',
    summary: 'What the readings take on disk and how long each kind is kept (admin)',
    tags: ['Sensors'],
    access: canSeeStorage,
    status: 200,
    response: readingsStorageSchema,
    description: 'Sizes, partitions, the oldest day held and the retention in force',
    errors: { 403: 'Only admins see the storage' },
  },
} as const satisfies Record<string, Endpoint>;
