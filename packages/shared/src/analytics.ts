import { z } from 'zod';
import { cityKeySchema } from './cities';
import type { Endpoint } from './endpoints';
import { MAX_HISTORY_POINTS, readingPointSchema, type ReadingPoint } from './readings';
import { SENSOR_UNITS } from './sensor-types';
import { type SensorType } from './sensor-kinds';
import { sensorTypeSchema } from './sensors';

/** The analytics windows: the history windows, a month of hours and a year of days. */
export const ANALYTICS_WINDOWS = ['1h', '24h', '7d', '30d', '1y'] as const;
export const analyticsWindowSchema = z.enum(ANALYTICS_WINDOWS).meta({ id: 'AnalyticsWindow' });
export type AnalyticsWindow = z.infer<typeof analyticsWindowSchema>;

/** Bucket length of each window, in seconds: every series stays well under 1,000 points. */
export const ANALYTICS_BUCKET_S: Record<AnalyticsWindow, number> = {
  '1h': 60,
  '24h': 300,
  '7d': 900,
  '30d': 3_600,
  '1y': 86_400,
};

/**
 * How one city figure is made from its sensors of a type: congestion, AQI and bin fill are
 * averages over the sensors; energy load, water supply and people are totals.
 */
export const METRIC_AGGREGATION: Record<SensorType, 'avg' | 'sum'> = {
  traffic: 'avg',
  air_quality: 'avg',
  energy: 'sum',
  water: 'sum',
  waste: 'avg',
  population: 'sum',
};

/** The unit of each city metric as the screens show it: the unit of the sensors it is made from. */
export const METRIC_UNITS: Record<SensorType, string> = SENSOR_UNITS;

export const analyticsSeriesQuerySchema = z.object({
  city: cityKeySchema,
  metric: sensorTypeSchema,
  window: analyticsWindowSchema.default('24h'),
});

/** One bucket of a city series; min and max are the spread of the bucket's readings. */
export const analyticsPointSchema = readingPointSchema;
export type AnalyticsPoint = ReadingPoint;

/**
 * The figures of a window that every screen states: the dashboard's lowest and highest, the
 * analytics summary and the top and bottom of its shaded band are these numbers, never a screen's
 * own arithmetic over the points.
 */
export const windowSummarySchema = z
  .object({
    /** The window's first bucket boundary and its end (now), ISO-8601 in UTC. */
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    /** The city's zone, in which the screens write the window's times. */
    timeZone: z.string(),
    /** Mean of the bucket values (each bucket weighs the same); null without buckets. */
    average: z.number().nullable(),
    /** Lowest bucket minimum and highest bucket maximum: the bottom and top of the band. */
    min: z.number().nullable(),
    max: z.number().nullable(),
    /** The newest bucket's value. */
    latest: z.number().nullable(),
  })
  .meta({ id: 'WindowSummary' });
export type WindowSummary = z.infer<typeof windowSummarySchema>;

/**
 * The one way a window's figures are made from its buckets, so the band drawn from the points and
 * the minimum and maximum written beside it cannot disagree.
 */
export function summarizeWindow(
  points: readonly AnalyticsPoint[],
): Pick<WindowSummary, 'average' | 'min' | 'max' | 'latest'> {
  if (points.length === 0) return { average: null, min: null, max: null, latest: null };
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const point of points) {
    sum += point.value;
    min = Math.min(min, point.min, point.value);
    max = Math.max(max, point.max, point.value);
  }
  return { average: sum / points.length, min, max, latest: points[points.length - 1]!.value };
}

/** `GET /api/analytics/series`: a city metric over a window, oldest first, empty buckets left out. */
export const analyticsSeriesSchema = z
  .object({
    city: cityKeySchema,
    metric: sensorTypeSchema,
    window: analyticsWindowSchema,
    unit: z.string(),
    bucketS: z.number().int().positive(),
    points: z.array(analyticsPointSchema).max(MAX_HISTORY_POINTS),
    summary: windowSummarySchema,
  })
  .meta({ id: 'AnalyticsSeries' });
export type AnalyticsSeries = z.infer<typeof analyticsSeriesSchema>;

export const analyticsCompareQuerySchema = z.object({
  metric: sensorTypeSchema,
  window: analyticsWindowSchema.default('24h'),
});

/** `GET /api/analytics/compare`: one metric across the three cities. */
export const analyticsComparisonSchema = z
  .object({
    metric: sensorTypeSchema,
    window: analyticsWindowSchema,
    unit: z.string(),
    bucketS: z.number().int().positive(),
    cities: z.array(
      z.object({
        city: cityKeySchema,
        /**
         * The city's sensors of the type now (all but inactive ones): the sites its figure is drawn
         * from, which a total (people, load, supply) compared across cities depends on.
         */
        monitored: z.number().int().nonnegative(),
        /** Null when the city has no readings of this metric in the window. */
        average: z.number().nullable(),
        min: z.number().nullable(),
        max: z.number().nullable(),
        latest: z.number().nullable(),
        points: z.array(analyticsPointSchema).max(MAX_HISTORY_POINTS),
      }),
    ),
  })
  .meta({ id: 'AnalyticsComparison' });
export type AnalyticsComparison = z.infer<typeof analyticsComparisonSchema>;

export const FORECAST_MODELS = ['holt-winters', 'seasonal-naive'] as const;
export const forecastModelSchema = z.enum(FORECAST_MODELS);
export type ForecastModel = z.infer<typeof forecastModelSchema>;

/** Hours ahead a forecast reaches, and the hourly history it needs (two daily seasons). */
export const FORECAST_HORIZON_H = 24;
export const FORECAST_MIN_HISTORY_H = 48;

export const analyticsForecastQuerySchema = z.object({
  city: cityKeySchema,
  metric: sensorTypeSchema,
});

/**
 * `GET /api/analytics/forecast`: the next 24 hourly values. `model` is null, with the hours of
 * history there are, when there is too little to fit one honestly.
 */
export const analyticsForecastSchema = z
  .object({
    city: cityKeySchema,
    metric: sensorTypeSchema,
    unit: z.string(),
    model: forecastModelSchema.nullable(),
    historyHours: z.number().int().nonnegative(),
    /** Error of the same model refitted without the last 24 hours and scored on them. */
    backtest: z
      .object({ mae: z.number(), mape: z.number().nullable(), hours: z.number().int() })
      .nullable(),
    history: z.array(analyticsPointSchema).max(MAX_HISTORY_POINTS),
    forecast: z.array(
      z.object({
        timestamp: z.iso.datetime(),
        value: z.number(),
        lower: z.number(),
        upper: z.number(),
      }),
    ),
  })
  .meta({ id: 'AnalyticsForecast' });
export type AnalyticsForecast = z.infer<typeof analyticsForecastSchema>;

/** A bucket is an anomaly when its value lies this many standard deviations from the mean. */
export const ANOMALY_Z_THRESHOLD = 3;

/** `GET /api/analytics/anomalies` (same query as series): unusual buckets of the window. */
export const analyticsAnomaliesSchema = z
  .object({
    city: cityKeySchema,
    metric: sensorTypeSchema,
    window: analyticsWindowSchema,
    unit: z.string(),
    mean: z.number().nullable(),
    stdDev: z.number().nullable(),
    threshold: z.number(),
    anomalies: z.array(
      z.object({ timestamp: z.iso.datetime(), value: z.number(), zScore: z.number() }),
    ),
  })
  .meta({ id: 'AnalyticsAnomalies' });
export type AnalyticsAnomalies = z.infer<typeof analyticsAnomaliesSchema>;

export const cityOverviewQuerySchema = z.object({ city: cityKeySchema });

/** One dashboard card: the city figure now and at the same time yesterday. */
export const metricSummarySchema = z.object({
  metric: sensorTypeSchema,
  unit: z.string(),
  /** Null when no sensor of the type has reported. */
  value: z.number().nullable(),
  /**
   * The figure of the `compared` sensors over the same 15 minutes one day earlier; null when no
   * sensor counting now reported then.
   */
  yesterday: z.number().nullable(),
  /**
   * The change of the `compared` sensors' figure from then to now, in percent; null when either is
   * missing or yesterday is 0.
   */
  changePct: z.number().nullable(),
  /** Sensors of the type that contributed a current value. */
  sensors: z.number().int().nonnegative(),
  /**
   * The city's sensors of the type, in service or not (all but inactive ones): the sites the figure
   * is drawn from. A total is of these sites only, so a screen says so ("footfall at 6 monitored
   * sites", "load on 8 monitored feeders") rather than claiming the whole city.
   */
  monitored: z.number().int().nonnegative(),
  /**
   * The sensors the trend compares: those with a value now that also reported in yesterday's
   * span, so a sensor added or gone silent since does not pass for a change in the figure.
   */
  compared: z.number().int().nonnegative(),
  /**
   * Secondary figures from the readings' metadata, averaged: pm25 and no2 for air quality, ph and
   * turbidity for water. Missing keys mean no sensor reported them.
   */
  details: z.record(z.string(), z.number()),
});
export type MetricSummary = z.infer<typeof metricSummarySchema>;

/** `GET /api/analytics/overview?city=`: the six dashboard cards. */
export const cityOverviewSchema = z
  .object({
    city: cityKeySchema,
    generatedAt: z.iso.datetime(),
    metrics: z.array(metricSummarySchema),
  })
  .meta({ id: 'CityOverview' });
export type CityOverview = z.infer<typeof cityOverviewSchema>;

/** US EPA AQI bands, for the band name and colour of an AQI value. */
export const AQI_BANDS = [
  { max: 50, band: 'good', color: '#00e400' },
  { max: 100, band: 'moderate', color: '#ffff00' },
  { max: 150, band: 'unhealthy-sensitive', color: '#ff7e00' },
  { max: 200, band: 'unhealthy', color: '#ff0000' },
  { max: 300, band: 'very-unhealthy', color: '#8f3f97' },
  { max: Infinity, band: 'hazardous', color: '#7e0023' },
] as const;
export type AqiBand = (typeof AQI_BANDS)[number]['band'];

/** The EPA band an AQI value falls in. */
export function aqiBand(aqi: number): (typeof AQI_BANDS)[number] {
  return AQI_BANDS.find((b) => aqi <= b.max) ?? AQI_BANDS[5];
}

/**
 * Live `analytics:updated`: a city's current figures (the cards' headline values) after readings
 * arrived, at most every few seconds per city. Trends and secondary figures stay as the overview
 * gave them.
 */
export const analyticsUpdatedEventSchema = z.object({
  city: cityKeySchema,
  metrics: z.array(z.object({ metric: sensorTypeSchema, value: z.number().nullable() })),
});
export type AnalyticsUpdatedEvent = z.infer<typeof analyticsUpdatedEventSchema>;

/** A signed-in GET under /api/analytics with its query and answer. */
function analyticsGet<Q extends z.ZodType, R extends z.ZodType>(spec: {
  path: `/api/analytics/${string}`;
  summary: string;
  query: Q;
  response: R;
  description: string;
  badInput: string;
}) {
  return {
    method: 'get',
    path: spec.path,
    summary: spec.summary,
    tags: ['Analytics'],
    access: 'signed-in',
    query: spec.query,
    status: 200,
    response: spec.response,
    description: spec.description,
    errors: { 400: spec.badInput },
  } as const satisfies Endpoint;
}

/** Analytics: a city's figures, its series over a window, the cities compared, forecasts, anomalies. */
export const ANALYTICS_ENDPOINTS = {
  overview: analyticsGet({
    path: '/api/analytics/overview',
    summary: "A city's six dashboard figures now, against the same 15 minutes yesterday",
    query: cityOverviewQuerySchema,
    response: cityOverviewSchema,
    description: 'One summary per sensor type',
    badInput: 'Unknown city',
  }),
  series: analyticsGet({
    path: '/api/analytics/series',
    summary: 'A city metric over 1h, 24h, 7d, 30d or 1y in time buckets, oldest first',
    query: analyticsSeriesQuerySchema,
    response: analyticsSeriesSchema,
    description:
      'Buckets from the rollups (per minute, hour or day as the window needs); buckets without readings are left out',
    badInput: 'Unknown city, metric or window',
  }),
  compare: analyticsGet({
    path: '/api/analytics/compare',
    summary: 'One metric across the three cities over a window',
    query: analyticsCompareQuerySchema,
    response: analyticsComparisonSchema,
    description: 'Each city with its series, average, range and latest bucket',
    badInput: 'Unknown metric or window',
  }),
  forecast: analyticsGet({
    path: '/api/analytics/forecast',
    summary: 'The next 24 hours of a city metric, from up to 14 days of hourly history',
    query: analyticsForecastQuerySchema,
    response: analyticsForecastSchema,
    description:
      'The backtested better of Holt-Winters and seasonal-naive with 95 % bounds; model null with too little history',
    badInput: 'Unknown city or metric',
  }),
  anomalies: analyticsGet({
    path: '/api/analytics/anomalies',
    summary: "The unusual buckets of a city metric's window, by z-score",
    query: analyticsSeriesQuerySchema,
    response: analyticsAnomaliesSchema,
    description: 'Mean, standard deviation and the buckets at or past the threshold',
    badInput: 'Unknown city, metric or window',
  }),
} as const;
