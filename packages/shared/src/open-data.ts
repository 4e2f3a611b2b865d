import { z } from 'zod';
import { AIR_QUALITY_STANDARDS, POLLUTANTS } from './air-quality/pollutants';
import { areaKeySchema } from './areas';
import { cityKeySchema } from './cities';
import type { Endpoint } from './endpoints';
import { sensorSchema, sensorStatusSchema, sensorTypeSchema } from './sensors';

export * from './open-data-limits';

// The city's open data: read by anyone without signing in, under /api/public/v1, limited per
// client (an open-data key, else the caller's address) and cached with ETags. Nothing here names a
// person or carries a field only staff see.

/** Where the open data API lives; its datasets' addresses start here. */
export const OPEN_DATA_BASE_PATH = '/api/public/v1';

/** Where the OGC SensorThings API (version 1.1, read only) is served, outside the declared API. */
export const SENSORTHINGS_BASE_PATH = '/api/sta/v1.1';

/** Most rows one page of sensors or latest values holds. */
export const OPEN_DATA_MAX_PAGE = 1_000;
export const OPEN_DATA_DEFAULT_PAGE = 100;

/** The longest span one history request may cover, per resolution, in days. */
export const OPEN_DATA_HISTORY_MAX_DAYS = { hour: 31, day: 366 } as const;

export const OPEN_DATA_RESOLUTIONS = ['hour', 'day'] as const;
export const openDataResolutionSchema = z.enum(OPEN_DATA_RESOLUTIONS);

export const airQualityStandardSchema = z
  .enum(AIR_QUALITY_STANDARDS)
  .meta({ id: 'AirQualityStandard' });
export const pollutantSchema = z.enum(POLLUTANTS).meta({ id: 'Pollutant' });

const cityParamsSchema = z.object({ city: cityKeySchema });
const sensorParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** A city as open data describes it: where it is, its areas and how it measures air. */
export const openCitySchema = z
  .object({
    key: cityKeySchema,
    name: z.string(),
    country: z.string().meta({ example: 'IN' }),
    timeZone: z.string(),
    center: z.object({ lat: z.number(), lng: z.number() }),
    bounds: z.object({ north: z.number(), south: z.number(), east: z.number(), west: z.number() }),
    /** The air-quality index the city reports by. */
    airQualityStandard: airQualityStandardSchema,
    /** The unit of each pollutant its air sensors report, as its standard measures it. */
    pollutantUnits: z.partialRecord(pollutantSchema, z.string()),
    areas: z.array(
      z.object({
        key: areaKeySchema,
        name: z.string(),
        lat: z.number(),
        lng: z.number(),
        radiusKm: z.number(),
      }),
    ),
    sensorCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'OpenCity' });
export type OpenCity = z.infer<typeof openCitySchema>;

export const openCityListSchema = z
  .object({ items: z.array(openCitySchema) })
  .meta({ id: 'OpenCityList' });

const pageQuerySchema = z.object({
  type: sensorTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(OPEN_DATA_MAX_PAGE).default(OPEN_DATA_DEFAULT_PAGE),
  cursor: z.string().min(1).max(200).optional(),
});

/** A sensor in the open registry: its public id, kind, place and state; no internal fields. */
export const openSensorSchema = sensorSchema
  .pick({
    id: true,
    name: true,
    type: true,
    city: true,
    location: true,
    lat: true,
    lng: true,
    status: true,
    unit: true,
  })
  .meta({ id: 'OpenSensor' });
export type OpenSensor = z.infer<typeof openSensorSchema>;

export const openSensorPageSchema = z
  .object({
    items: z.array(openSensorSchema),
    /** Pass as `cursor` for the next page; null on the last. */
    nextCursor: z.string().nullable(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'OpenSensorPage' });

/** A sensor's latest reading: the primary value and the other figures it sent with it. */
export const openLatestValueSchema = z
  .object({
    sensorId: z.string(),
    type: sensorTypeSchema,
    status: sensorStatusSchema,
    value: z.number().nullable(),
    unit: z.string(),
    /** When the reading was taken (ISO); null before the first. */
    at: z.iso.datetime().nullable(),
    /** The reading's other figures (PM2.5, vehicles a minute…), numbers only. */
    metrics: z.record(z.string(), z.number()),
  })
  .meta({ id: 'OpenLatestValue' });
export type OpenLatestValue = z.infer<typeof openLatestValueSchema>;

export const openLatestPageSchema = z
  .object({
    city: cityKeySchema,
    items: z.array(openLatestValueSchema),
    nextCursor: z.string().nullable(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'OpenLatestPage' });

export const openHistoryQuerySchema = z
  .object({
    resolution: openDataResolutionSchema.default('hour'),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'OpenHistoryQuery' });

/** One hour's or day's aggregates of a sensor's primary value. */
export const openHistoryPointSchema = z.object({
  start: z.iso.datetime(),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
  count: z.number().int().positive(),
});

export const openHistorySchema = z
  .object({
    sensorId: z.string(),
    unit: z.string(),
    resolution: openDataResolutionSchema,
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    points: z.array(openHistoryPointSchema),
  })
  .meta({ id: 'OpenHistory' });
export type OpenHistory = z.infer<typeof openHistorySchema>;

export const airQualityQuerySchema = z.object({ area: areaKeySchema.optional() });

const subIndicesSchema = z.partialRecord(pollutantSchema, z.number());

/** `GET /api/public/v1/cities/{city}/air-quality`: the index by the city's own standard. */
export const airQualitySchema = z
  .object({
    city: cityKeySchema,
    area: areaKeySchema.nullable(),
    standard: airQualityStandardSchema,
    /** The index; null when the data are not enough for the standard to give one. */
    index: z.number().int().nonnegative().nullable(),
    /** The index's category by the standard (`moderate`, `very_poor`…); null with it. */
    category: z.string().nullable(),
    /** The category's name and colour as the standard gives them; null with it. */
    categoryName: z.string().nullable(),
    colour: z.string().nullable(),
    dominantPollutant: pollutantSchema.nullable(),
    subIndices: subIndicesSchema,
    /** The averaged concentration each sub-index comes from, in `units`. */
    concentrations: subIndicesSchema,
    units: z.partialRecord(pollutantSchema, z.string()),
    /** The end of the last hour the index covers (ISO). */
    at: z.iso.datetime(),
    /** Whether the standard's rules for a full index are met. */
    complete: z.boolean(),
    /** Why not, when not: `too_few_pollutants`, `no_particulates` or `no_data`. */
    incompleteReason: z.string().nullable(),
    /** How many air sensors the averages come from. */
    sensors: z.number().int().nonnegative(),
  })
  .meta({ id: 'AirQuality' });
export type AirQuality = z.infer<typeof airQualitySchema>;

/** A published notice, without its author. */
export const openNoticeSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    linkUrl: z.string().nullable(),
    publishedAt: z.iso.datetime(),
  })
  .meta({ id: 'OpenNotice' });

export const openNoticeListSchema = z
  .object({ items: z.array(openNoticeSchema) })
  .meta({ id: 'OpenNoticeList' });

export const openCheckpointSchema = z
  .object({
    treeSize: z.number().int().positive(),
    rootHash: z.string(),
    at: z.string(),
    signature: z.string(),
  })
  .meta({ id: 'OpenLedgerCheckpoint' });

export const openCheckpointListSchema = z
  .object({ items: z.array(openCheckpointSchema) })
  .meta({ id: 'OpenLedgerCheckpointList' });

const limitQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(OPEN_DATA_MAX_PAGE).default(OPEN_DATA_DEFAULT_PAGE),
});

/** Said by every open-data answer: the client's limit and what is left of it. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description: 'The client\'s quota: `"open-data";q=<requests>;w=<seconds>`',
    type: 'string',
  },
  RateLimit: {
    description: 'What is left of it: `"open-data";r=<remaining>;t=<seconds until it refills>`',
    type: 'string',
  },
  ETag: { description: "The answer's version, for `If-None-Match`", type: 'string' },
} as const;

const OPEN_ERRORS = {
  429: 'Past the rate limit: wait the seconds `Retry-After` says',
} as const;

const CSV = { contentType: 'text/csv; charset=utf-8' } as const;

const common = {
  method: 'get',
  tags: ['Open data'],
  access: 'public',
  status: 200,
  responseHeaders: RATE_LIMIT_HEADERS,
} as const;

export const OPEN_DATA_ENDPOINTS = {
  cities: {
    ...common,
    path: '/api/public/v1/cities',
    summary: 'The cities, their areas and how each measures air (public)',
    response: openCityListSchema,
    description: 'The cities',
    errors: OPEN_ERRORS,
  },
  sensors: {
    ...common,
    path: '/api/public/v1/cities/{city}/sensors',
    summary: "A page of a city's sensors: kind, place and state (public)",
    params: cityParamsSchema,
    query: pageQuerySchema,
    response: openSensorPageSchema,
    description: 'A page of sensors',
    errors: OPEN_ERRORS,
  },
  sensorsCsv: {
    ...common,
    path: '/api/public/v1/cities/{city}/sensors.csv',
    summary: "A page of a city's sensors as CSV; the next page's cursor in `Link` (public)",
    params: cityParamsSchema,
    query: pageQuerySchema,
    file: CSV,
    description: 'The sensors, one a row',
    errors: OPEN_ERRORS,
  },
  latest: {
    ...common,
    path: '/api/public/v1/cities/{city}/latest',
    summary: "A page of a city's latest values, by sensor (public)",
    params: cityParamsSchema,
    query: pageQuerySchema,
    response: openLatestPageSchema,
    description: 'A page of latest values',
    errors: OPEN_ERRORS,
  },
  latestCsv: {
    ...common,
    path: '/api/public/v1/cities/{city}/latest.csv',
    summary: "A page of a city's latest values as CSV (public)",
    params: cityParamsSchema,
    query: pageQuerySchema,
    file: CSV,
    description: 'The latest values, one sensor a row',
    errors: OPEN_ERRORS,
  },
  history: {
    ...common,
    path: '/api/public/v1/sensors/{id}/history',
    summary: "A sensor's hourly or daily means, minimums and maximums (public)",
    params: sensorParamsSchema,
    query: openHistoryQuerySchema,
    response: openHistorySchema,
    description: 'The history',
    errors: { ...OPEN_ERRORS, 404: 'No such sensor' },
  },
  historyCsv: {
    ...common,
    path: '/api/public/v1/sensors/{id}/history.csv',
    summary: "A sensor's hourly or daily history as CSV (public)",
    params: sensorParamsSchema,
    query: openHistoryQuerySchema,
    file: CSV,
    description: 'The history, one hour or day a row',
    errors: { ...OPEN_ERRORS, 404: 'No such sensor' },
  },
  airQuality: {
    ...common,
    path: '/api/public/v1/cities/{city}/air-quality',
    summary:
      "The city's (or an area's) air-quality index by its own standard: India's NAQI or the US EPA's AQI with NowCast (public)",
    params: cityParamsSchema,
    query: airQualityQuerySchema,
    response: airQualitySchema,
    description: 'The index, its sub-indices and whether the data were complete',
    errors: OPEN_ERRORS,
  },
  notices: {
    ...common,
    path: '/api/public/v1/notices',
    summary: 'City notices, newest first (public)',
    query: limitQuerySchema,
    response: openNoticeListSchema,
    description: 'The notices',
    errors: OPEN_ERRORS,
  },
  checkpoints: {
    ...common,
    path: '/api/public/v1/ledger/checkpoints',
    summary: "The transparency ledger's signed checkpoints, newest first (public)",
    query: limitQuerySchema,
    response: openCheckpointListSchema,
    description: 'The checkpoints',
    errors: OPEN_ERRORS,
  },
  catalog: {
    ...common,
    path: '/api/public/v1/catalog',
    summary:
      'The datasets as a DCAT-AP 3 catalogue in JSON-LD, for open-data portals to harvest (public)',
    file: { contentType: 'application/ld+json' },
    description: 'The catalogue',
    errors: OPEN_ERRORS,
  },
} as const satisfies Record<string, Endpoint>;
