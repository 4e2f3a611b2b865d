import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Response } from '@playwright/test';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, useTheme, watchConsole } from '../support';

interface Point {
  timestamp: string;
  value: number;
  min: number;
  max: number;
}
interface Series {
  city: string;
  metric: string;
  window: string;
  unit: string;
  bucketS: number;
  points: Point[];
  summary: { average: number | null; min: number | null; max: number | null };
}
interface Comparison {
  cities: {
    city: string;
    average: number | null;
    min: number | null;
    max: number | null;
    latest: number | null;
  }[];
}
interface Forecast {
  model: 'holt-winters' | 'seasonal-naive' | null;
  unit: string;
  historyHours: number;
  backtest: { mae: number; mape: number | null; hours: number } | null;
}
interface Anomalies {
  anomalies: { timestamp: string; value: number; zScore: number }[];
}

const MODEL_NAMES = {
  'holt-winters': 'Holt-Winters (daily season)',
  'seasonal-naive': 'Seasonal naive',
} as const;

/** Decimals the screens show per metric: whole AQI points and people, tenths for the rest. */
const DIGITS: Record<string, number> = {
  traffic: 1,
  air_quality: 0,
  energy: 1,
  water: 1,
  waste: 1,
  population: 0,
};

/** A figure as the screen writes it. */
function shown(value: number, metric: string): string {
  const digits = DIGITS[metric] ?? 1;
  return new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

function isAnswerTo(path: string, params: Record<string, string>) {
  return (response: Response) => {
    const url = new URL(response.url());
    return (
      url.pathname === path &&
      Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value) &&
      response.request().method() === 'GET' &&
      // The dashboard asks for some of the same series; only this screen's requests count.
      (response.request().headers()['referer'] ?? '').includes('/analytics')
    );
  };
}

/** Opens a view of the screen and returns the series and comparison answers the page received. */
async function openView(page: Page, view: { city: string; metric: string; window: string }) {
  const series = page.waitForResponse(isAnswerTo('/api/analytics/series', view));
  const compare = page.waitForResponse(
    isAnswerTo('/api/analytics/compare', { metric: view.metric, window: view.window }),
  );
  await page.goto(`/analytics?${new URLSearchParams(view).toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  return {
    series: (await (await series).json()) as Series,
    comparison: (await (await compare).json()) as Comparison,
  };
}

/**
 * The API answers the same view to the test's own request: every complete bucket is the one the
 * page drew; only the newest bucket, still filling with the simulator's readings, may have moved
 * on, or a new bucket may have begun.
 */
async function expectSameSeriesFromApi(page: Page, received: Series) {
  const params = new URLSearchParams({
    city: received.city,
    metric: received.metric,
    window: received.window,
  });
  const response = await page.request.get(`/api/analytics/series?${params.toString()}`);
  expect(response.status()).toBe(200);
  const fresh = (await response.json()) as Series;
  expect(fresh.unit).toBe(received.unit);
  expect(fresh.bucketS).toBe(received.bucketS);
  // The newest bucket is still filling, and the oldest leaves the window when a boundary passes.
  const stable = received.points.slice(1, -1);
  expect(stable.length).toBeGreaterThan(0);
  const start = fresh.points.findIndex((p) => p.timestamp === stable[0]!.timestamp);
  expect(start).toBeGreaterThanOrEqual(0);
  const again = fresh.points.slice(start, start + stable.length);
  expect(again.map((p) => [p.timestamp, p.min, p.max])).toEqual(
    stable.map((p) => [p.timestamp, p.min, p.max]),
  );
  // The database sums a bucket's sensors in no fixed order: the last binary digits may differ.
  again.forEach((p, i) => expect(p.value).toBeCloseTo(stable[i]!.value, 9));
}

/** The window's figures as the server states them; the band's bottom and top are its min and max. */
async function expectSummaryOf(page: Page, series: Series) {
  expect(series.points.length).toBeGreaterThan(0);
  const { average, min, max } = series.summary;
  expect(Math.min(...series.points.map((p) => p.min))).toBe(min);
  expect(Math.max(...series.points.map((p) => p.max))).toBe(max);
  await expect(ui.analytics.summary(page, 'average')).toHaveText(shown(average!, series.metric));
  await expect(ui.analytics.summary(page, 'min')).toHaveText(shown(min!, series.metric));
  await expect(ui.analytics.summary(page, 'max')).toHaveText(shown(max!, series.metric));
  await expect(ui.analytics.buckets(page)).toContainText(`${series.points.length} buckets of`);
}

async function expectComparisonOf(page: Page, comparison: Comparison, metric: string) {
  for (const row of comparison.cities) {
    const cells = ui.analytics.compareRow(page, row.city);
    for (const figure of ['average', 'min', 'max', 'latest'] as const) {
      const value = row[figure];
      await expect(cells.getByTestId(`analytics-compare-${figure}`)).toHaveText(
        value === null ? '—No data' : shown(value, metric),
      );
    }
  }
}

/** The forecast names its model and its measured error exactly as the API answers them. */
async function expectForecastAsApi(page: Page, city: string, metric: string) {
  const response = await page.request.get(
    `/api/analytics/forecast?${new URLSearchParams({ city, metric }).toString()}`,
  );
  expect(response.status()).toBe(200);
  const forecast = (await response.json()) as Forecast;
  // A fresh installation carries 14 days of simulated history: enough for a model.
  expect(forecast.model).not.toBeNull();
  expect(forecast.backtest).not.toBeNull();
  await expect(ui.analytics.forecastModel(page)).toHaveText(MODEL_NAMES[forecast.model!]);
  const { mae, mape, hours } = forecast.backtest!;
  const percent = new Intl.NumberFormat('en-IN', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const mapeText = mape === null ? 'n/a' : percent.format(mape / 100);
  await expect(ui.analytics.forecastError(page)).toHaveText(
    `MAE ${shown(mae, metric)} ${forecast.unit} · MAPE ${mapeText}`,
  );
  await expect(page.getByTestId('analytics-forecast')).toContainText(
    `without the last ${hours} h of history`,
  );
  await expect(ui.analytics.forecastNotEnough(page)).toHaveCount(0);
}

async function expectAnomaliesOf(page: Page, view: Record<string, string>) {
  const response = await page.request.get(
    `/api/analytics/anomalies?${new URLSearchParams(view).toString()}`,
  );
  expect(response.status()).toBe(200);
  const { anomalies } = (await response.json()) as Anomalies;
  await expect(ui.analytics.anomaliesSection(page)).toBeVisible();
  if (anomalies.length === 0) {
    await expect(ui.analytics.anomaliesSection(page)).toContainText('No anomalies in this window');
  } else {
    // The newest bucket is still filling; the list may differ from the test's answer only there.
    await expect(ui.analytics.anomalies(page).first()).toBeVisible();
    const count = await ui.analytics.anomalies(page).count();
    expect(Math.abs(count - anomalies.length)).toBeLessThanOrEqual(1);
  }
}

test.describe('analytics', () => {
  test('an operator sees the API figures, switches window, exports the series and reads the forecast', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    await signInAsDemo(page, 'operator');

    const view = { city: 'kolkata', metric: 'traffic', window: '24h' };
    const { series, comparison } = await openView(page, view);
    await expect(ui.analytics.window(page, '24h')).toHaveAttribute('aria-pressed', 'true');
    await expectSummaryOf(page, series);
    await expectSameSeriesFromApi(page, series);
    await expectComparisonOf(page, comparison, view.metric);
    await expectForecastAsApi(page, view.city, view.metric);
    await expectAnomaliesOf(page, view);

    // The CSV holds exactly the series the page shows.
    const download = page.waitForEvent('download');
    await ui.analytics.exportCsv(page).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('kolkata-traffic-24h.csv');
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('timestamp,value,min,max');
    expect(lines.slice(1)).toEqual(
      series.points.map((p) => `${p.timestamp},${p.value},${p.min},${p.max}`),
    );

    // Switching the window asks the server again and shows the new answer.
    const sevenDays = page.waitForResponse(
      isAnswerTo('/api/analytics/series', { ...view, window: '7d' }),
    );
    await ui.analytics.window(page, '7d').click();
    const weekly = (await (await sevenDays).json()) as Series;
    await expect(ui.analytics.window(page, '7d')).toHaveAttribute('aria-pressed', 'true');
    await expect(ui.analytics.window(page, '24h')).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL(/window=7d/);
    expect(weekly.bucketS).toBe(900);
    expect(weekly.points.length).toBeGreaterThan(series.points.length);
    await expectSummaryOf(page, weekly);
    await expectSameSeriesFromApi(page, weekly);

    await useTheme(page, 'light');
    await expectNoSeriousA11yViolations(page);
    await useTheme(page, 'dark');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test('a citizen sees another city and metric as the API answers them, in both themes', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    await signInAsDemo(page, 'citizen');

    const view = { city: 'new-york', metric: 'air_quality', window: '30d' };
    const { series, comparison } = await openView(page, view);
    await expect(ui.analytics.city(page)).toHaveValue('new-york');
    await expect(ui.analytics.metric(page)).toHaveValue('air_quality');
    await expect(ui.analytics.window(page, '30d')).toHaveAttribute('aria-pressed', 'true');
    expect(series.bucketS).toBe(3_600);
    await expectSummaryOf(page, series);
    await expectSameSeriesFromApi(page, series);
    await expectComparisonOf(page, comparison, view.metric);
    await expectForecastAsApi(page, view.city, view.metric);
    await expectAnomaliesOf(page, view);

    // Choosing another metric on the screen asks for it.
    const energy = page.waitForResponse(
      isAnswerTo('/api/analytics/series', { ...view, metric: 'energy' }),
    );
    await ui.analytics.metric(page).selectOption('energy');
    const energySeries = (await (await energy).json()) as Series;
    await expectSummaryOf(page, energySeries);
    await expect(page.getByTestId('analytics-series')).toContainText('MW');

    await useTheme(page, 'dark');
    await expectNoSeriousA11yViolations(page);
    await useTheme(page, 'light');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
