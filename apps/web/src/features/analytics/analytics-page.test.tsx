import type {
  AnalyticsAnomalies,
  AnalyticsComparison,
  AnalyticsForecast,
  AnalyticsPoint,
  AnalyticsSeries,
  AnalyticsWindow,
  CityKey,
  SensorType,
} from '@smart-city/shared';
import { ANALYTICS_BUCKET_S, METRIC_UNITS, summarizeWindow } from '@smart-city/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CITY_STORAGE_KEY } from '../../lib/storage-keys';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';
import type { ConnectionState } from '../../lib/live/live-state';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');

/** Buckets ending at NOW, oldest first, with the given values; min and max spread around each. */
function points(values: readonly number[], bucketS: number): AnalyticsPoint[] {
  return values.map((value, i) => ({
    timestamp: new Date(NOW - (values.length - 1 - i) * bucketS * 1000).toISOString(),
    value,
    min: value - 2.5,
    max: value + 4.25,
  }));
}

function seriesOf(
  city: CityKey,
  metric: SensorType,
  window: AnalyticsWindow,
  values: readonly number[],
): AnalyticsSeries {
  const bucketS = ANALYTICS_BUCKET_S[window];
  const shown = points(values, bucketS);
  return {
    city,
    metric,
    window,
    unit: METRIC_UNITS[metric],
    bucketS,
    points: shown,
    summary: {
      from: shown[0]?.timestamp ?? new Date(NOW).toISOString(),
      to: new Date(NOW).toISOString(),
      timeZone: 'Asia/Kolkata',
      ...summarizeWindow(shown),
    },
  };
}

const NO_ANOMALIES = (
  city: CityKey,
  metric: SensorType,
  window: AnalyticsWindow,
): AnalyticsAnomalies => ({
  city,
  metric,
  window,
  unit: METRIC_UNITS[metric],
  mean: null,
  stdDev: null,
  threshold: 3,
  anomalies: [],
});

function notEnoughHistory(city: CityKey, metric: SensorType, hours: number): AnalyticsForecast {
  return {
    city,
    metric,
    unit: METRIC_UNITS[metric],
    model: null,
    historyHours: hours,
    backtest: null,
    history: points(
      Array.from({ length: hours }, (_, i) => 40 + i),
      3_600,
    ),
    forecast: [],
  };
}

function comparisonOf(metric: SensorType, window: AnalyticsWindow): AnalyticsComparison {
  const bucketS = ANALYTICS_BUCKET_S[window];
  return {
    metric,
    window,
    unit: METRIC_UNITS[metric],
    bucketS,
    cities: [
      {
        city: 'kolkata',
        monitored: 17,
        average: 52.25,
        min: 31.5,
        max: 88.04,
        latest: 61.96,
        points: points([31.5, 88.04, 61.96], bucketS),
      },
      {
        city: 'kharagpur',
        monitored: 11,
        average: 20,
        min: 10,
        max: 30,
        latest: 30,
        points: points([10, 20, 30], bucketS),
      },
      {
        city: 'new-york',
        monitored: 0,
        average: null,
        min: null,
        max: null,
        latest: null,
        points: [],
      },
    ],
  };
}

interface Answers {
  series?: (city: CityKey, metric: SensorType, window: AnalyticsWindow) => Response;
  anomalies?: (city: CityKey, metric: SensorType, window: AnalyticsWindow) => Response;
  forecast?: (city: CityKey, metric: SensorType) => Response;
  compare?: (metric: SensorType, window: AnalyticsWindow) => Response;
}

/** The server as this screen sees it: the cities plus the four analytics endpoints. */
function stubAnalyticsApi(answers: Answers = {}) {
  const requested: string[] = [];
  const fetchSpy = stubFetch((url) => {
    const parsed = new URL(url, 'http://localhost');
    const q = parsed.searchParams;
    const city = q.get('city') as CityKey;
    const metric = q.get('metric') as SensorType;
    const window = q.get('window') as AnalyticsWindow;
    if (parsed.pathname.startsWith('/api/analytics/')) requested.push(url);
    switch (parsed.pathname) {
      case '/api/cities':
        return Promise.resolve(jsonResponse(CITIES));
      case '/api/analytics/series':
        return Promise.resolve(
          answers.series?.(city, metric, window) ??
            jsonResponse(seriesOf(city, metric, window, [40, 50, 60])),
        );
      case '/api/analytics/anomalies':
        return Promise.resolve(
          answers.anomalies?.(city, metric, window) ??
            jsonResponse(NO_ANOMALIES(city, metric, window)),
        );
      case '/api/analytics/forecast':
        return Promise.resolve(
          answers.forecast?.(city, metric) ?? jsonResponse(notEnoughHistory(city, metric, 12)),
        );
      case '/api/analytics/compare':
        return Promise.resolve(
          answers.compare?.(metric, window) ?? jsonResponse(comparisonOf(metric, window)),
        );
      default:
        return Promise.resolve(
          jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
        );
    }
  });
  return { fetchSpy, requested };
}

/** The analytics requests made to one path, as parsed query parameters. */
function queriesTo(requested: readonly string[], path: string) {
  return requested
    .map((url) => new URL(url, 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}

async function openAnalytics(path = '/analytics', connection: ConnectionState = 'disconnected') {
  const rendered = renderRoute(path, { auth: signedIn(), connection });
  await screen.findByRole('heading', { level: 1, name: 'Analytics' });
  return rendered;
}

async function seriesReady() {
  return screen.findByTestId('analytics-summary-average');
}

beforeEach(() => {
  // recharts sizes its charts with a ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AnalyticsPage', () => {
  it('says what time the series is from while the live connection is down, and not when up', async () => {
    stubAnalyticsApi({
      series: (city, metric, window) => jsonResponse(seriesOf(city, metric, window, [40, 50])),
    });
    const { unmount } = await openAnalytics();
    await seriesReady();
    // The tests' clock reads 10:05 UTC: 3:35 pm in Kolkata.
    expect(screen.getByTestId('analytics-stale')).toHaveTextContent('as of 3:35 pm IST');
    unmount();
    await openAnalytics('/analytics', 'connected');
    await seriesReady();
    expect(screen.queryByTestId('analytics-stale')).not.toBeInTheDocument();
  });

  it("asks for the header's city, traffic and 24h by default, and shows the window's figures", async () => {
    window.localStorage.setItem(CITY_STORAGE_KEY, 'kharagpur');
    const { requested } = stubAnalyticsApi({
      series: (city, metric, window) =>
        jsonResponse(seriesOf(city, metric, window, [40, 51.25, 62.5, 38.75])),
    });
    await openAnalytics();

    expect(await seriesReady()).toHaveTextContent('48.1');
    // The lowest and highest reading of the window: the bottom and top of the band.
    expect(screen.getByTestId('analytics-summary-min')).toHaveTextContent('36.3');
    expect(screen.getByTestId('analytics-summary-max')).toHaveTextContent('66.8');
    expect(screen.getByTestId('analytics-buckets')).toHaveTextContent('4 buckets of 5 min');
    expect(
      screen.getByRole('heading', { name: 'Traffic in Kharagpur, the last 24 hours' }),
    ).toBeInTheDocument();
    expect(queriesTo(requested, '/api/analytics/series')).toEqual([
      { city: 'kharagpur', metric: 'traffic', window: '24h' },
    ]);
    expect(queriesTo(requested, '/api/analytics/compare')).toEqual([
      { metric: 'traffic', window: '24h' },
    ]);
    expect(screen.getByRole('button', { name: '24h' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks for the chosen window when the window switch changes, and keeps it in the URL', async () => {
    const { requested } = stubAnalyticsApi({
      series: (city, metric, window) =>
        jsonResponse(
          seriesOf(city, metric, window, window === '7d' ? [10, 20, 30, 40, 50] : [40, 50, 60]),
        ),
    });
    const { router } = await openAnalytics();
    expect(await seriesReady()).toHaveTextContent('50.0');

    await userEvent.click(screen.getByRole('button', { name: '7d' }));

    await waitFor(() =>
      expect(screen.getByTestId('analytics-summary-average')).toHaveTextContent('30.0'),
    );
    expect(screen.getByTestId('analytics-buckets')).toHaveTextContent('5 buckets of 15 min');
    expect(screen.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '24h' })).toHaveAttribute('aria-pressed', 'false');
    expect(queriesTo(requested, '/api/analytics/series').map((q) => q.window)).toEqual([
      '24h',
      '7d',
    ]);
    expect(queriesTo(requested, '/api/analytics/anomalies').at(-1)).toMatchObject({
      window: '7d',
    });
    expect(queriesTo(requested, '/api/analytics/compare').at(-1)).toEqual({
      metric: 'traffic',
      window: '7d',
    });
    expect(new URLSearchParams(router.state.location.search).get('window')).toBe('7d');

    await userEvent.click(screen.getByRole('button', { name: '30d' }));
    await waitFor(() =>
      expect(queriesTo(requested, '/api/analytics/series').at(-1)).toMatchObject({
        window: '30d',
      }),
    );
    expect(await screen.findByTestId('analytics-buckets')).toHaveTextContent('3 buckets of 1 hour');

    // The last hour too, as the specification's windows include it.
    await userEvent.click(screen.getByRole('button', { name: '1h' }));
    await waitFor(() =>
      expect(queriesTo(requested, '/api/analytics/series').at(-1)).toMatchObject({
        window: '1h',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('window')).toBe('1h');
  });

  it('asks for the chosen metric and city, and shows their unit and name', async () => {
    const { requested } = stubAnalyticsApi();
    const { router } = await openAnalytics();
    await seriesReady();

    await userEvent.selectOptions(screen.getByTestId('analytics-metric'), 'Air quality (AQI)');
    expect(
      await screen.findByRole('heading', { name: 'Air quality in Kolkata, the last 24 hours' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(queriesTo(requested, '/api/analytics/series').at(-1)).toEqual({
        city: 'kolkata',
        metric: 'air_quality',
        window: '24h',
      }),
    );
    expect(queriesTo(requested, '/api/analytics/forecast').at(-1)).toEqual({
      city: 'kolkata',
      metric: 'air_quality',
    });
    // AQI is shown in whole points, here as on the dashboard.
    expect(await seriesReady()).toHaveTextContent(/^50$/);
    expect(screen.getByTestId('analytics-series')).toHaveTextContent('AQI');

    await userEvent.selectOptions(screen.getByTestId('analytics-city'), 'New York');
    expect(
      await screen.findByRole('heading', { name: 'Air quality in New York, the last 24 hours' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(queriesTo(requested, '/api/analytics/series').at(-1)).toEqual({
        city: 'new-york',
        metric: 'air_quality',
        window: '24h',
      }),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('city')).toBe('new-york');
    expect(search.get('metric')).toBe('air_quality');
  });

  it("follows the header's city when it changes", async () => {
    const { requested } = stubAnalyticsApi();
    const { router } = await openAnalytics('/analytics?city=new-york');
    await seriesReady();
    await userEvent.selectOptions(
      within(screen.getByRole('banner')).getByTestId('city-select'),
      'Kharagpur',
    );
    await waitFor(() =>
      expect(queriesTo(requested, '/api/analytics/series').at(-1)).toMatchObject({
        city: 'kharagpur',
      }),
    );
    expect(screen.getByTestId('analytics-city')).toHaveValue('kharagpur');
    expect(new URLSearchParams(router.state.location.search).get('city')).toBeNull();
  });

  it('opens the view the URL names', async () => {
    const { requested } = stubAnalyticsApi();
    await openAnalytics('/analytics?city=new-york&metric=energy&window=30d');
    await seriesReady();
    expect(queriesTo(requested, '/api/analytics/series')).toEqual([
      { city: 'new-york', metric: 'energy', window: '30d' },
    ]);
    expect(screen.getByTestId('analytics-metric')).toHaveValue('energy');
    expect(screen.getByTestId('analytics-city')).toHaveValue('new-york');
    expect(screen.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('exports exactly the series shown as <city>-<metric>-<window>.csv', async () => {
    const series = seriesOf('kolkata', 'water', '7d', [412.5, 398.125, 405]);
    stubAnalyticsApi({ series: () => jsonResponse(series) });
    // jsdom has no object URLs: catch the file the page hands to the browser instead.
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:analytics-csv';
        }
        static override revokeObjectURL() {}
      },
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    await openAnalytics('/analytics?metric=water&window=7d');
    await seriesReady();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(downloads).toEqual(['kolkata-water-7d.csv']);
    expect(blobs).toHaveLength(1);
    const lines = (await blobs[0]!.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('timestamp,value,min,max');
    expect(lines.slice(1)).toEqual(
      series.points.map((p) => [p.timestamp, p.value, p.min, p.max].join(',')),
    );
    expect(lines[1]).toBe(`${series.points[0]!.timestamp},412.5,410,416.75`);
  });

  it('says plainly when there is not enough history for a forecast', async () => {
    stubAnalyticsApi({
      forecast: (city, metric) => jsonResponse(notEnoughHistory(city, metric, 12)),
    });
    await openAnalytics();
    const notice = await screen.findByTestId('analytics-forecast-not-enough');
    expect(notice).toHaveTextContent('Not enough history for a forecast yet');
    expect(notice).toHaveTextContent(
      'There are 12 hours of history; an honest forecast needs at least 48 hours',
    );
    expect(screen.queryByTestId('analytics-forecast-model')).not.toBeInTheDocument();
  });

  it("names the forecast's model and its backtest error", async () => {
    stubAnalyticsApi({
      forecast: (city, metric) =>
        jsonResponse({
          ...notEnoughHistory(city, metric, 96),
          model: 'holt-winters',
          backtest: { mae: 4.237, mape: 9.84, hours: 24 },
          forecast: Array.from({ length: 24 }, (_, i) => ({
            timestamp: new Date(NOW + (i + 1) * 3_600_000).toISOString(),
            value: 50 + i,
            lower: 45 + i,
            upper: 55 + i,
          })),
        }),
    });
    await openAnalytics();
    expect(await screen.findByTestId('analytics-forecast-model')).toHaveTextContent(
      'Holt-Winters (daily season)',
    );
    expect(screen.getByTestId('analytics-forecast-error')).toHaveTextContent(
      'MAE 4.2 % · MAPE 9.8%',
    );
    expect(screen.getByTestId('analytics-forecast')).toHaveTextContent(
      'without the last 24 h of history',
    );
  });

  it("lists anomalies newest first with the time in the city's zone, value and z-score", async () => {
    stubAnalyticsApi({
      anomalies: (city, metric, window) =>
        jsonResponse({
          ...NO_ANOMALIES(city, metric, window),
          mean: 45,
          stdDev: 8,
          anomalies: [
            { timestamp: '2026-11-21T04:30:00.000Z', value: 12.34, zScore: -4.083 },
            { timestamp: '2026-11-21T10:00:00.000Z', value: 72.5, zScore: 3.4375 },
          ],
        }),
    });
    await openAnalytics('/analytics?city=new-york');
    const items = await screen.findAllByTestId('analytics-anomaly');
    expect(items).toHaveLength(2);
    // 10:00 UTC is 5:00 am in New York (EST, UTC−5).
    expect(within(items[0]!).getByTestId('analytics-anomaly-time')).toHaveTextContent(
      '21 Nov, 5:00 am EST',
    );
    expect(within(items[0]!).getByTestId('analytics-anomaly-value')).toHaveTextContent('72.5 %');
    expect(within(items[0]!).getByTestId('analytics-anomaly-z')).toHaveTextContent('+3.44');
    expect(items[0]).toHaveTextContent('Above normal');
    expect(within(items[1]!).getByTestId('analytics-anomaly-time')).toHaveTextContent(
      '20 Nov, 11:30 pm EST',
    );
    expect(within(items[1]!).getByTestId('analytics-anomaly-z')).toHaveTextContent('-4.08');
    expect(items[1]).toHaveTextContent('Below normal');
    expect(screen.getByTestId('analytics-anomalies')).toHaveTextContent(
      'Mean 45.0 %, standard deviation 8.0 %.',
    );
  });

  it('says so when the window has no anomalies', async () => {
    stubAnalyticsApi();
    await openAnalytics();
    expect(await screen.findByText('No anomalies in this window')).toBeInTheDocument();
  });

  it('compares the three cities in a table of average, min, max and latest', async () => {
    stubAnalyticsApi();
    await openAnalytics();
    const table = await screen.findByTestId('analytics-compare-table');
    const rows = within(table).getAllByTestId('analytics-compare-row');
    expect(rows.map((row) => row.getAttribute('data-city'))).toEqual([
      'kolkata',
      'kharagpur',
      'new-york',
    ]);
    expect(rows[0]).toHaveTextContent('Kolkata52.331.588.062.0');
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(rows[2]).toHaveTextContent('New York');
    expect(within(rows[2]!).getAllByText('No data')).toHaveLength(4);
  });

  it("draws a line for each city with readings, each named in the legend in the city's own colour", async () => {
    stubAnalyticsApi();
    await openAnalytics();
    const chart = await screen.findByRole('figure', {
      name: 'Traffic in the three cities over the last 24 hours, in %',
    });
    const legend = within(chart).getAllByRole('listitem');
    expect(legend.map((item) => item.textContent)).toEqual(['Kolkata', 'Kharagpur']);
    const colours = legend.map((item) => item.querySelector('line')?.getAttribute('stroke'));
    expect(new Set(colours).size).toBe(2);
  });

  it('says "No readings in this window" and offers no export when the window is empty', async () => {
    stubAnalyticsApi({
      series: (city, metric, window) => jsonResponse(seriesOf(city, metric, window, [])),
    });
    await openAnalytics();
    expect(await screen.findByText('No readings in this window')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.queryByTestId('analytics-summary-average')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that asks again', async () => {
    let seriesCalls = 0;
    stubAnalyticsApi({
      series: (city, metric, window) => {
        seriesCalls += 1;
        return seriesCalls === 1
          ? jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
          : jsonResponse(seriesOf(city, metric, window, [40, 50, 60]));
      },
    });
    await openAnalytics();
    const failed = await screen.findByTestId('analytics-series-error');
    expect(failed).toHaveTextContent('The series could not be loaded.');
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await seriesReady()).toHaveTextContent('50.0');
    expect(seriesCalls).toBe(2);
  });
});
