import {
  ANALYTICS_BUCKET_S,
  ANOMALY_Z_THRESHOLD,
  CITY_KEYS,
  FORECAST_HORIZON_H,
  FORECAST_MIN_HISTORY_H,
  METRIC_AGGREGATION,
  METRIC_UNITS,
  READING_WINDOW_MS,
  REPORT_CATEGORIES,
  SENSOR_TYPES,
  type AnalyticsAnomalies,
  type AnalyticsComparison,
  type AnalyticsForecast,
  type AnalyticsPoint,
  type AnalyticsSeries,
  type AnalyticsWindow,
  type AreaKey,
  type CityKey,
  type CityOverview,
  type MetricSummary,
  type ReportFigure,
  type ReportFigureDays,
  type ReportFigures,
  type SensorType,
  summarizeWindow,
  VALUE_RANGES,
  type WindowSummary,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CitiesService } from '../cities/cities.service';
import type { SensorsService } from '../sensors/sensors.service';
import type { DomainEvents } from '../../live/domain-events';
import { createKeyedThrottle } from '../../lib/keyed-throttle';
import { createVersionedCache } from '../../lib/versioned-cache';
import {
  cityBuckets,
  spanFigures,
  trendPairsBetween,
  type CityBucketRow,
} from './analytics.repository';
import { forecastHourly, regularHourly } from './forecast';
import { reportFigures, type ReportFigureRow } from './report-figures.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Length of each analytics window. */
const ANALYTICS_WINDOW_MS: Record<AnalyticsWindow, number> = {
  ...READING_WINDOW_MS,
  '30d': 30 * DAY_MS,
};

/** The span "yesterday" is measured over on the dashboard cards. */
const TREND_SPAN_MS = 15 * MINUTE_MS;

/** Hourly history a forecast is fitted on, at most. */
const FORECAST_HISTORY_DAYS = 14;

/** The reading metadata averaged into each card's secondary figures. */
const DETAIL_KEYS: Partial<Record<SensorType, readonly string[]>> = {
  air_quality: ['pm25', 'no2'],
  water: ['ph', 'turbidity'],
};

/** Every metadata key a card averages, asked of the sensors in one go. */
const ALL_DETAIL_KEYS = [...new Set(Object.values(DETAIL_KEYS).flat())];

/**
 * How long a window's buckets are reused. They read every rollup of a city's sensors of a type over
 * the window (a second for a day of 100,000 sensors on a busy machine), while only the newest
 * bucket moves; every viewer of the city within this time shares one computation.
 */
export const SERIES_REUSE_MS = 30_000;

/** A city's live figures go out at most this often, however fast its readings arrive. */
const FIGURES_INTERVAL_MS = 2_000;

/**
 * How long a city's figures now (and the dashboard cards made of them) are reused while nothing
 * this process hears of has changed them: they read every sensor of the city (a tenth of a second
 * at 100,000 sensors), and each dashboard that opens asks for them. Readings folded here and status
 * changes drop them at once; this bounds how stale they are when another process changed them.
 */
const FIGURES_MAX_AGE_MS = 10_000;

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;
const ceilTo = (ms: number, step: number) => Math.ceil(ms / step) * step;

function changePct(value: number | null, yesterday: number | null): number | null {
  if (value === null || yesterday === null || yesterday === 0) return null;
  return ((value - yesterday) / yesterday) * 100;
}

/**
 * The point of a bucket for a metric.
 * - Average metrics (congestion, AQI, bin fill): the value is the mean of every reading in the bucket,
 *   so a sensor weighs by how many readings it sent; min and max are the lowest and highest single
 *   reading — the spread of the city's readings.
 * - Total metrics (energy load, water supply, people): the value is the sum over the sensors of each
 *   sensor's bucket mean (a sensor reporting more often does not count more); min and max are the sums
 *   of each sensor's lowest and highest reading — the envelope the city total moved within.
 */
function toPoint(metric: SensorType, row: CityBucketRow): AnalyticsPoint {
  const total = METRIC_AGGREGATION[metric] === 'sum';
  return {
    timestamp: row.bucket.toISOString(),
    value: total ? row.sum_of_means : row.weighted_mean,
    min: total ? row.sum_of_mins : row.min,
    max: total ? row.sum_of_maxes : row.max,
  };
}

/** A category's figures (or all categories'), with zeros where nothing happened. */
function toReportFigure(row: ReportFigureRow | undefined): ReportFigure {
  const closed = row?.closed ?? 0;
  const closedWithinTarget = row?.closed_within_target ?? 0;
  return {
    opened: row?.opened ?? 0,
    closed,
    closedWithinTarget,
    rejected: row?.rejected ?? 0,
    duplicates: row?.duplicates ?? 0,
    openNow: row?.open_now ?? 0,
    overdueNow: row?.overdue_now ?? 0,
    medianHoursToClose: row?.median_hours ?? null,
    withinTargetShare: closed === 0 ? null : closedWithinTarget / closed,
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * City analytics over the sensors' latest values (asked of the sensors) and the per-minute rollups
 * (never raw readings).
 */
export function createAnalyticsService(deps: {
  db: Kysely<Database>;
  sensors: Pick<SensorsService, 'figuresByType' | 'monitoredOfType'>;
  cities: Pick<CitiesService, 'list'>;
  events: DomainEvents;
  now: () => Date;
  /** A live message that failed after its caller moved on is reported here. */
  onError?: (err: unknown) => void;
}) {
  const { db } = deps;
  const bucketCache = createVersionedCache<CityBucketRow[]>({
    maxAgeMs: SERIES_REUSE_MS,
    maxEntries: 500,
  });
  const figuresCache = createVersionedCache<unknown>({
    maxAgeMs: FIGURES_MAX_AGE_MS,
    maxEntries: 100,
  });
  // Sensors were added or changed status (or alerts changed, which the same event covers): the
  // figures kept are made again when next asked for.
  deps.events.on('counts:changed', () => figuresCache.bump());
  /** Kept until the city's latest values or statuses change, shared by every viewer meanwhile. */
  const keptFigures = <T>(key: unknown[], compute: () => Promise<T>) =>
    figuresCache.get(JSON.stringify(key), compute) as Promise<T>;

  /**
   * Each metric's figure now, over the city's active sensors with a value (offline, inactive or
   * maintenance values are stale), with the sensors counted and the secondary figures averaged.
   */
  function currentFigures(city: CityKey) {
    return keptFigures(['now', city], () => figuresNow(city));
  }

  async function figuresNow(city: CityKey) {
    const rows = await deps.sensors.figuresByType(city, ALL_DETAIL_KEYS);
    const byType = new Map(rows.map((r) => [r.type, r]));
    return SENSOR_TYPES.map((metric) => {
      const row = byType.get(metric);
      const value =
        row === undefined || row.sensors === 0
          ? null
          : METRIC_AGGREGATION[metric] === 'sum'
            ? row.sum
            : row.avg;
      const details: Record<string, number> = {};
      for (const key of DETAIL_KEYS[metric] ?? []) {
        const v = row?.details[key];
        if (typeof v === 'number' && Number.isFinite(v)) details[key] = v;
      }
      return {
        metric,
        value,
        sensors: row?.sensors ?? 0,
        monitored: row?.monitored ?? 0,
        details,
      };
    });
  }

  async function sendFigures(city: CityKey) {
    const figures = await currentFigures(city);
    deps.events.emit('analytics:updated', {
      city,
      metrics: figures.map(({ metric, value }) => ({ metric, value })),
    });
  }

  /**
   * The buckets of a window for some cities. The window starts at the first bucket boundary at or
   * after now − window, so every bucket but the newest is complete; the newest holds the readings
   * so far, except in the month and year windows, whose hours and days come from the cities' rollups
   * once they have ended (a month of a city is 720 rows however many sensors it has). At most
   * window / bucket points.
   */
  async function windowPoints(
    cities: readonly CityKey[],
    metric: SensorType,
    window: AnalyticsWindow,
  ) {
    const bucketS = ANALYTICS_BUCKET_S[window];
    const now = deps.now().getTime();
    const from = ceilTo(now - ANALYTICS_WINDOW_MS[window], bucketS * 1000);
    const query = {
      cities,
      type: metric,
      from: new Date(from),
      // The rollup of the current minute is included.
      to: new Date(floorTo(now, MINUTE_MS) + MINUTE_MS),
      bucketS,
    };
    const rows = await bucketCache.get(JSON.stringify([cities, metric, window, from]), () =>
      cityBuckets(db, query),
    );
    const byCity = new Map<CityKey, AnalyticsPoint[]>(cities.map((c) => [c, []]));
    for (const row of rows) byCity.get(row.city_key as CityKey)?.push(toPoint(metric, row));
    return { bucketS, byCity, from: new Date(from), to: new Date(now) };
  }

  async function timeZoneOf(city: CityKey): Promise<string> {
    const found = (await deps.cities.list()).find((c) => c.key === city);
    // Every city is seeded with its zone; UTC only answers for one missing from the table.
    return found?.timeZone ?? 'UTC';
  }

  /**
   * A city metric over a window: its buckets and the figures every screen states about them (the
   * dashboard's lowest and highest, the analytics summary and band). One function, so the same
   * city, metric and window give the same numbers wherever they are shown.
   */
  async function windowFigures(city: CityKey, metric: SensorType, window: AnalyticsWindow) {
    const [{ bucketS, byCity, from, to }, timeZone] = await Promise.all([
      windowPoints([city], metric, window),
      timeZoneOf(city),
    ]);
    const points = byCity.get(city) ?? [];
    const summary: WindowSummary = {
      from: from.toISOString(),
      to: to.toISOString(),
      timeZone,
      ...summarizeWindow(points),
    };
    return { bucketS, points, summary };
  }

  // Live figures after readings were folded: at most one message per city and FIGURES_INTERVAL_MS,
  // the last change always sent, so a city receiving thousands of readings a second costs one query
  // an interval.
  const liveFigures = createKeyedThrottle({
    intervalMs: FIGURES_INTERVAL_MS,
    send: sendFigures,
    onError: deps.onError,
  });
  deps.events.on('readings:folded', ({ cities }) => {
    figuresCache.bump();
    liveFigures.request(cities);
  });

  return {
    /** The six dashboard cards of a city: the figure now, at the same time yesterday, and details. */
    async overview(city: CityKey): Promise<CityOverview> {
      const now = deps.now();
      // "Yesterday" is the same 15 minutes one day earlier, on whole minutes of the rollups.
      const yesterdayTo = floorTo(now.getTime() - DAY_MS, MINUTE_MS);
      const [current, pairs] = await Promise.all([
        currentFigures(city),
        keptFigures(['pairs', city, yesterdayTo], () =>
          trendPairsBetween(db, city, new Date(yesterdayTo - TREND_SPAN_MS), new Date(yesterdayTo)),
        ),
      ]);
      const pairsOf = new Map(pairs.map((p) => [p.type, p]));
      const metrics = current.map(
        ({ metric, value, sensors, monitored, details }): MetricSummary => {
          const pair = pairsOf.get(metric);
          const total = METRIC_AGGREGATION[metric] === 'sum';
          // The change is of the sensors that count now and counted then, never of a total that
          // grew by a sensor added since.
          const comparedNow = pair === undefined ? null : total ? pair.now_sum : pair.now_avg;
          const yesterday = pair === undefined ? null : total ? pair.then_sum : pair.then_avg;
          return {
            metric,
            unit: METRIC_UNITS[metric],
            value,
            yesterday,
            changePct: value === null ? null : changePct(comparedNow, yesterday),
            sensors,
            monitored,
            compared: pair?.sensors ?? 0,
            details,
          };
        },
      );
      return { city, generatedAt: now.toISOString(), metrics };
    },

    /**
     * A city metric's figure now over the sensors that count now, as the dashboard's card shows
     * it: the citizen's panel asks this rather than working out its own.
     */
    async figureNow(city: CityKey, metric: SensorType) {
      const figure = (await currentFigures(city)).find((f) => f.metric === metric);
      return { value: figure?.value ?? null, sensors: figure?.sensors ?? 0 };
    },

    windowFigures,

    /** A city metric's mean, lowest and highest reading over [from, to), and how many readings. */
    spanFigures(city: CityKey, metric: SensorType, from: Date, to: Date) {
      return spanFigures(db, { city, type: metric, from, to });
    },

    /**
     * How a city's (or one of its areas') citizens' reports were handled over the last `days`:
     * per category and in total, with the window they cover.
     */
    async reportFigures(query: {
      city: CityKey;
      area?: AreaKey;
      days: ReportFigureDays;
    }): Promise<ReportFigures> {
      const to = deps.now();
      const from = new Date(to.getTime() - query.days * DAY_MS);
      const area = query.area ?? null;
      const rows = await reportFigures(db, { city: query.city, area, from, to });
      const byCategory = new Map(rows.map((row) => [row.category, row]));
      return {
        city: query.city,
        area,
        days: query.days,
        from: from.toISOString(),
        to: to.toISOString(),
        categories: REPORT_CATEGORIES.map((category) => ({
          category,
          ...toReportFigure(byCategory.get(category)),
        })),
        total: toReportFigure(byCategory.get(null)),
      };
    },

    /** Cancels the figures still waiting to go out (the server is stopping). */
    stop: liveFigures.stop,

    /** A city metric over a window in ANALYTICS_BUCKET_S buckets, oldest first. */
    async series(
      city: CityKey,
      metric: SensorType,
      window: AnalyticsWindow,
    ): Promise<AnalyticsSeries> {
      const { bucketS, points, summary } = await windowFigures(city, metric, window);
      return { city, metric, window, unit: METRIC_UNITS[metric], bucketS, points, summary };
    },

    /**
     * One metric across the three cities. Per city: `monitored` is how many sensors of the type it
     * has now (the scope of a total), `average` is the mean of the bucket values (each
     * bucket weighs the same, so a busy hour does not count more than a quiet one), `min` and `max` are
     * the lowest and highest bucket value (the range the city figure moved in), `latest` the newest
     * bucket value.
     */
    async compare(metric: SensorType, window: AnalyticsWindow): Promise<AnalyticsComparison> {
      const [{ bucketS, byCity }, monitored] = await Promise.all([
        windowPoints(CITY_KEYS, metric, window),
        deps.sensors.monitoredOfType(metric, CITY_KEYS),
      ]);
      return {
        metric,
        window,
        unit: METRIC_UNITS[metric],
        bucketS,
        cities: CITY_KEYS.map((city) => {
          const points = byCity.get(city) ?? [];
          const values = points.map((p) => p.value);
          return {
            city,
            monitored: monitored.get(city) ?? 0,
            average: values.length ? values.reduce((s, v) => s + v, 0) / values.length : null,
            min: values.length ? Math.min(...values) : null,
            max: values.length ? Math.max(...values) : null,
            latest: values.length ? values[values.length - 1]! : null,
            points,
          };
        }),
      };
    },

    /**
     * The window's buckets whose value lies ANOMALY_Z_THRESHOLD or more population standard deviations
     * from the window's mean. Mean and deviation are null without buckets; a flat window (deviation 0)
     * has no anomalies.
     */
    async anomalies(
      city: CityKey,
      metric: SensorType,
      window: AnalyticsWindow,
    ): Promise<AnalyticsAnomalies> {
      const { byCity } = await windowPoints([city], metric, window);
      const points = byCity.get(city) ?? [];
      const base = {
        city,
        metric,
        window,
        unit: METRIC_UNITS[metric],
        threshold: ANOMALY_Z_THRESHOLD,
      };
      if (points.length === 0) return { ...base, mean: null, stdDev: null, anomalies: [] };
      const mean = points.reduce((s, p) => s + p.value, 0) / points.length;
      const stdDev = Math.sqrt(
        points.reduce((s, p) => s + (p.value - mean) ** 2, 0) / points.length,
      );
      const anomalies =
        stdDev === 0
          ? []
          : points.flatMap((p) => {
              const zScore = (p.value - mean) / stdDev;
              return Math.abs(zScore) >= ANOMALY_Z_THRESHOLD
                ? [{ timestamp: p.timestamp, value: p.value, zScore }]
                : [];
            });
      return { ...base, mean, stdDev, anomalies };
    },

    /**
     * The next FORECAST_HORIZON_H hours of a city metric from up to 14 days of complete hours (the
     * current hour is still filling and is left out). Hours without readings inside the history are
     * filled by straight lines for the models; `history` shows only hours that had readings. The
     * forecast starts the hour after the newest hour with readings. Under FORECAST_MIN_HISTORY_H hours
     * with readings there is no model.
     */
    async forecast(city: CityKey, metric: SensorType): Promise<AnalyticsForecast> {
      const hourStart = floorTo(deps.now().getTime(), HOUR_MS);
      const rows = await cityBuckets(db, {
        cities: [city],
        type: metric,
        from: new Date(hourStart - FORECAST_HISTORY_DAYS * DAY_MS),
        to: new Date(hourStart),
        bucketS: HOUR_MS / 1000,
      });
      const history = rows.map((r) => toPoint(metric, r));
      const base = {
        city,
        metric,
        unit: METRIC_UNITS[metric],
        historyHours: history.length,
        history,
      };
      const none = { ...base, model: null, backtest: null, forecast: [] };
      if (history.length < FORECAST_MIN_HISTORY_H) return none;
      const series = regularHourly(
        history.map((p) => ({ hour: Date.parse(p.timestamp) / HOUR_MS, value: p.value })),
      );
      const result = forecastHourly(series, {
        h: FORECAST_HORIZON_H,
        range: VALUE_RANGES[metric],
      });
      if (!result) return none;
      const last = Date.parse(history[history.length - 1]!.timestamp);
      return {
        ...base,
        model: result.model,
        backtest: result.backtest,
        forecast: result.forecast.map((f, i) => ({
          timestamp: new Date(last + (i + 1) * HOUR_MS).toISOString(),
          ...f,
        })),
      };
    },
  };
}
