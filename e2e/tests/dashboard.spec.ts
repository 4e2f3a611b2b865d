import { expect, test, type Page } from '@playwright/test';
import {
  activeFirstBySeverity,
  type AlertSeverity,
  type AlertStatus,
} from '../../packages/shared/src/alerts';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, useTheme, watchConsole } from '../support';

const CITY = 'kolkata';
const METRICS = ['traffic', 'air_quality', 'energy', 'water', 'waste', 'population'] as const;

interface MetricSummary {
  metric: (typeof METRICS)[number];
  unit: string;
  value: number | null;
  changePct: number | null;
  sensors: number;
  details: Record<string, number>;
}

interface Series {
  window: string;
  points: { timestamp: string; value: number; min: number; max: number }[];
  summary: { latest: number | null; min: number | null; max: number | null };
}

/** Decimals each card shows: whole AQI points and people, tenths for the rest. */
const DIGITS: Record<MetricSummary['metric'], number> = {
  traffic: 1,
  air_quality: 0,
  energy: 1,
  water: 1,
  waste: 1,
  population: 0,
};

/** The secondary figures of a card, with their units and decimals. */
const DETAILS: Partial<Record<MetricSummary['metric'], [string, string, number][]>> = {
  air_quality: [
    ['pm25', ' µg/m³', 1],
    ['no2', ' ppb', 1],
  ],
  water: [
    ['ph', '', 1],
    ['turbidity', ' NTU', 1],
  ],
};

/** The US EPA AQI bands (upper bound of each). */
const AQI_BANDS: [number, string][] = [
  [50, 'good'],
  [100, 'moderate'],
  [150, 'unhealthy-sensitive'],
  [200, 'unhealthy'],
  [300, 'very-unhealthy'],
  [Infinity, 'hazardous'],
];

function fixed(value: number, digits: number): string {
  return new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

function signedPercent(changePct: number): string {
  const shown = (Math.sign(changePct) * Math.round(Math.abs(changePct) * 10)) / 10;
  const number = new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(shown === 0 ? 0 : shown);
  return `${number}%`;
}

/** The figure of a card, its unit and AQI band: live, so equal to the overview right now. */
function expectedHeadline(summary: MetricSummary) {
  const band =
    summary.metric === 'air_quality' && summary.value !== null
      ? AQI_BANDS.find(([max]) => summary.value! <= max)![1]
      : null;
  return {
    metric: summary.metric,
    value: summary.value === null ? null : fixed(summary.value, DIGITS[summary.metric]),
    unit: summary.value === null ? null : summary.unit,
    band,
  };
}

/** The trend, the secondary figures and the sensor count: from the overview the page loaded. */
function expectedServerFigures(summary: MetricSummary) {
  return {
    metric: summary.metric,
    trend:
      summary.changePct === null
        ? 'No figure from yesterday to compare'
        : `${signedPercent(summary.changePct)} vs yesterday`,
    details: Object.fromEntries(
      (DETAILS[summary.metric] ?? [])
        .filter(([key]) => summary.details[key] !== undefined)
        .map(([key, unit, digits]) => [key, `${fixed(summary.details[key]!, digits)}${unit}`]),
    ),
    // People are counted at footfall sensors, not in the whole city: the card says so.
    sensors:
      summary.metric === 'population'
        ? `People counted at ${summary.sensors} footfall ${summary.sensors === 1 ? 'sensor' : 'sensors'} now`
        : `${summary.sensors} ${summary.sensors === 1 ? 'sensor' : 'sensors'} reporting`,
  };
}

interface Overview {
  city: string;
  metrics: MetricSummary[];
}

function inSpecOrder(overview: Overview): MetricSummary[] {
  expect(overview.metrics.map((summary) => summary.metric).sort()).toEqual([...METRICS].sort());
  return METRICS.map((metric) => overview.metrics.find((summary) => summary.metric === metric)!);
}

/** Keeps the newest overview answer the page itself received. */
function recordOverviewAnswers(page: Page) {
  const seen: { latest: Overview | null } = { latest: null };
  page.on('response', (response) => {
    if (!response.url().includes('/api/analytics/overview?') || response.status() !== 200) return;
    response.json().then(
      (body: Overview) => {
        seen.latest = body;
      },
      () => {},
    );
  });
  return seen;
}

/** Everything the six cards show, read in one go so that no live update lands halfway. */
function readCards(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-metric]'), (card) => {
      const text = (testId: string) =>
        card.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim() ?? null;
      const pct = text('metric-trend-pct');
      return {
        metric: card.dataset.metric,
        value: text('metric-value'),
        unit: text('metric-value') === null ? null : text('metric-unit'),
        band: card.querySelector('[data-testid="aqi-band"]')?.getAttribute('data-band') ?? null,
        trend: pct === null ? text('metric-trend') : `${pct} vs yesterday`,
        details: Object.fromEntries(
          Array.from(card.querySelectorAll('[data-testid^="metric-detail-"]'), (detail) => [
            detail.getAttribute('data-testid')!.replace('metric-detail-', ''),
            detail.querySelector('dd')?.textContent?.trim() ?? '',
          ]),
        ),
        sensors:
          card.dataset.metric === 'population'
            ? text('metric-hint')
            : (/\d+ sensors? reporting/.exec(card.textContent ?? '')?.[0] ?? null),
      };
    }),
  );
}

async function fetchJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/**
 * The six cards show what the overview endpoint answers. The figures follow the live readings, so
 * they equal a fresh answer of the endpoint (readings arrive every few seconds: the comparison is
 * retried until both sides have the same ones); trends and secondary figures are the server's as
 * of the answer the page loaded (it loads a new one every minute).
 */
async function expectCardsToShowOverview(page: Page, pageAnswers: { latest: Overview | null }) {
  await expect(ui.dashboard.metricCard(page, 'traffic')).toBeVisible({ timeout: 15_000 });
  await expect(async () => {
    const now = inSpecOrder(
      await fetchJson<Overview>(page, `/api/analytics/overview?city=${CITY}`),
    );
    expect(pageAnswers.latest?.city).toBe(CITY);
    const loaded = inSpecOrder(pageAnswers.latest!);
    const shown = await readCards(page);
    expect(shown.map(({ metric, value, unit, band }) => ({ metric, value, unit, band }))).toEqual(
      now.map(expectedHeadline),
    );
    expect(
      shown.map(({ metric, trend, details, sensors }) => ({ metric, trend, details, sensors })),
    ).toEqual(loaded.map(expectedServerFigures));
  }).toPass({ timeout: 20_000, intervals: [100, 200, 400] });
}

/** The latest, lowest and highest a series answer states, as the chart's summary says them. */
function expectedSummary(series: Series, windowName: string): string {
  const { latest, min, max } = series.summary;
  return `Traffic congestion, ${windowName}: latest ${fixed(latest!, 1)}%, lowest ${fixed(min!, 1)}%, highest ${fixed(max!, 1)}%.`;
}

async function expectTrendToShow(page: Page, series: Series, windowName: string) {
  if (series.points.length === 0) {
    await expect(ui.dashboard.trafficTrend(page)).toContainText(
      'No traffic readings in this window',
    );
  } else {
    await expect(ui.dashboard.trafficSummary(page)).toHaveText(expectedSummary(series, windowName));
  }
}

// A fresh server pays for its cold start (database, first sign-in) once: here, so that no
// journey below, and no timing, includes it.
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/login');
  await ui.login.demo(page, 'citizen').click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(ui.dashboard.metricCard(page, 'traffic')).toBeVisible({ timeout: 30_000 });
  await page.close();
});

for (const role of ['operator', 'citizen'] as const) {
  test(`as ${role}, the six cards show the figures of the overview endpoint`, async ({ page }) => {
    const errors = watchConsole(page);
    const pageAnswers = recordOverviewAnswers(page);
    await signInAsDemo(page, role);
    await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 15_000 });
    await expectCardsToShowOverview(page, pageAnswers);
    expect(errors).toEqual([]);
  });
}

test('the window switch asks for that window and the chart summary follows the answer', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const first = page.waitForResponse(
    (r) => r.url().includes('/api/analytics/series?') && r.url().includes('window=24h'),
  );
  await signInAsDemo(page, 'operator');
  await expectTrendToShow(page, (await (await first).json()) as Series, 'Last 24 hours');
  await expect(ui.dashboard.trafficWindow(page, '24h')).toHaveAttribute('aria-pressed', 'true');

  for (const [window, name] of [
    ['1h', 'Last hour'],
    ['7d', 'Last 7 days'],
  ] as const) {
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/analytics/series?') && r.url().includes(`window=${window}`),
      ),
      ui.dashboard.trafficWindow(page, window).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get('city')).toBe(CITY);
    await expect(ui.dashboard.trafficWindow(page, window)).toHaveAttribute('aria-pressed', 'true');
    await expectTrendToShow(page, (await response.json()) as Series, name);
  }
  await expect(ui.dashboard.trafficWindow(page, '24h')).toHaveAttribute('aria-pressed', 'false');
  expect(errors).toEqual([]);
});

test('a live value changes within 10 seconds without a reload', async ({ page }) => {
  const errors = watchConsole(page);
  await signInAsDemo(page, 'citizen');
  await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 15_000 });
  await expect(ui.dashboard.metricValue(page, 'traffic')).toBeVisible({ timeout: 15_000 });
  const values = () =>
    Promise.all(METRICS.map((metric) => ui.dashboard.metricValue(page, metric).textContent()));
  const before = await values();
  // Loading the overview again would also change them: the cards must move by themselves.
  let overviewRequests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics/overview')) overviewRequests += 1;
  });
  await expect.poll(values, { timeout: 10_000, intervals: [250] }).not.toEqual(before);
  expect(overviewRequests).toBe(0);
  expect(errors).toEqual([]);
});

test('alerts, sensor health and live stats come from the server, and the map links to all sensors', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await signInAsDemo(page, 'operator');
  await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 15_000 });

  await expect(async () => {
    const sensors = await fetchJson<{ status: string }[]>(page, `/api/sensors?city=${CITY}`);
    const count = (status: string) => sensors.filter((s) => s.status === status).length;
    const health = ui.dashboard.sensorHealth(page);
    expect(await health.getByTestId('sensor-health-total').textContent()).toBe(
      `Total${sensors.length}`,
    );
    expect(await health.getByTestId('sensor-health-active').textContent()).toBe(
      `Active${count('active')}`,
    );
    expect(await health.getByTestId('sensor-health-offline').textContent()).toBe(
      `Offline${count('offline')}`,
    );
  }).toPass({ timeout: 15_000 });

  await expect(async () => {
    const stats = await fetchJson<{ alerts: number; criticalAlerts: number }>(
      page,
      `/api/stats?city=${CITY}`,
    );
    const live = ui.dashboard.liveStats(page);
    expect(await live.getByTestId('live-stats-alerts').textContent()).toBe(String(stats.alerts));
    expect(await live.getByTestId('live-stats-critical').textContent()).toBe(
      String(stats.criticalAlerts),
    );
  }).toPass({ timeout: 15_000 });
  await expect(ui.dashboard.liveStats(page).getByTestId('live-stats-last-update')).toHaveText(
    /ago|now/,
  );
  await expect(ui.dashboard.liveStats(page).getByTestId('live-stats-simulated')).toHaveCount(0);

  // A reading past the critical level raises an alert, which tops the recent alerts at once.
  const ingest = await page.request.post('/api/ingest/readings', {
    headers: { Origin: new URL(page.url()).origin },
    data: { readings: [{ sensorId: 'kolkata-traffic-howrah-bridge', value: 96 }] },
  });
  expect(ingest.status()).toBe(202);
  await expect(async () => {
    // The card's order: of the city's 50 newest, the active ones first, each part the worst
    // first, then the newest.
    const newest = await fetchJson<
      {
        id: string;
        title: string;
        severity: AlertSeverity;
        status: AlertStatus;
        createdAt: string;
      }[]
    >(page, `/api/alerts?city=${CITY}&limit=50`);
    const alerts = [...newest].sort(activeFirstBySeverity).slice(0, 5);
    expect(alerts.length).toBeGreaterThan(0);
    const items = ui.dashboard.recentAlerts(page).getByTestId('recent-alert');
    expect(await items.count()).toBe(alerts.length);
    for (const [index, alert] of alerts.entries()) {
      const item = items.nth(index);
      expect(await item.getAttribute('href')).toBe(`/alerts?alert=${encodeURIComponent(alert.id)}`);
      expect(await item.getAttribute('data-severity')).toBe(alert.severity);
      expect(await item.textContent()).toContain(alert.title);
    }
  }).toPass({ timeout: 15_000 });
  await expect(ui.dashboard.recentAlerts(page).getByTestId('recent-alert').first()).toContainText(
    /Critical|High|Warning|Info/,
  );

  await ui.dashboard.viewAllSensors(page).click();
  await expect(page).toHaveURL(/\/sensors$/);
  expect(errors).toEqual([]);
});

test('the dashboard has no serious accessibility violations in either theme', async ({ page }) => {
  const errors = watchConsole(page);
  await signInAsDemo(page, 'operator');
  await expect(ui.dashboard.metricCard(page, 'traffic')).toBeVisible({ timeout: 15_000 });
  await expect(
    ui.dashboard
      .trafficSummary(page)
      .or(ui.dashboard.trafficTrend(page).getByText('No traffic readings in this window')),
  ).toBeVisible();
  await expect(ui.dashboard.sensorHealth(page).getByTestId('sensor-health-total')).toBeVisible({
    timeout: 15_000,
  });
  for (const theme of ['dark', 'light'] as const) {
    await useTheme(page, theme);
    await expectNoSeriousA11yViolations(page);
  }
  expect(errors).toEqual([]);
});

test('the first card shows within 2 seconds of opening the dashboard', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await signInAsDemo(page, 'operator');
  await expect(ui.dashboard.metricValue(page, 'traffic')).toBeVisible({ timeout: 15_000 });
  // Time from navigation start until the first card with a figure is in the page.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-metric] [data-testid="metric-value"]')) {
        (window as unknown as { firstCardMs: number }).firstCardMs = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  // Three loads, judged by the median, so one stall of a busy machine does not decide.
  const loads: {
    firstContentfulPaintMs: number | null;
    overviewAnsweredMs: number | null;
    firstCardMs: number | null;
  }[] = [];
  for (let load = 0; load < 3; load += 1) {
    await page.goto('/dashboard');
    // A slow load is measured and judged below, not cut short here.
    await expect(ui.dashboard.metricValue(page, 'traffic')).toBeVisible({ timeout: 15_000 });
    loads.push(
      await page.evaluate(() => {
        const overview = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.includes('/api/analytics/overview?')) as
          PerformanceResourceTiming | undefined;
        return {
          firstContentfulPaintMs:
            performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          overviewAnsweredMs: overview?.responseEnd ?? null,
          firstCardMs: (window as unknown as { firstCardMs?: number }).firstCardMs ?? null,
        };
      }),
    );
  }
  for (const figures of loads) {
    expect(figures.firstContentfulPaintMs).not.toBeNull();
    expect(figures.firstCardMs).not.toBeNull();
    console.log(
      `Dashboard: first contentful paint ${figures.firstContentfulPaintMs!.toFixed(0)} ms, overview answered ${figures.overviewAnsweredMs?.toFixed(0)} ms, first card ${figures.firstCardMs!.toFixed(0)} ms`,
    );
  }
  const median = loads.map((figures) => figures.firstCardMs!).sort((a, b) => a - b)[1]!;
  console.log(`Dashboard: first card median ${median.toFixed(0)} ms`);
  expect(median).toBeLessThanOrEqual(2_000);
  expect(errors).toEqual([]);
});
