import type {
  Alert,
  AlertGroup,
  Role,
  AnalyticsSeries,
  CityOverview,
  MetricSummary,
  SensorCounts,
  SensorStatus,
  SensorType,
  Stats,
} from '@smart-city/shared';
import { summarizeWindow } from '@smart-city/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionState, FallbackTick } from '../../lib/live/live-state';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, requestedUrls, stubFetch } from '../../test/fetch-stub';
import { minutesAgo } from '../../test/clock';
import { testAlert, testAlertGroup, testStats } from '../../test/live-fixtures';
import { alertGroupsLive } from '../../lib/alert-groups/alert-groups.live';
import { createTestQueryClient, renderRoute, signedIn } from '../../test/render';
import { DashboardPage } from './dashboard-page';
import { dashboardLive } from './dashboard.live';

// The map itself (MapLibre, WebGL) is the sensor map's own concern; here it shows what it was given.
vi.mock('../../components/sensor-map/sensor-map', () => ({
  preloadSensorMap: () => undefined,
  SensorMap: ({ city, filter }: { city: { name: string }; filter?: object }) => (
    <p data-testid="sensor-map-stub">
      {city.name}: {JSON.stringify(filter ?? {})}
    </p>
  ),
}));

function summary(metric: SensorType, overrides: Partial<MetricSummary> = {}): MetricSummary {
  const base: Record<SensorType, Pick<MetricSummary, 'unit' | 'value'>> = {
    traffic: { unit: '%', value: 42.26 },
    air_quality: { unit: 'AQI', value: 87.4 },
    energy: { unit: 'MW', value: 118.04 },
    water: { unit: 'ML/day', value: 1240.5 },
    waste: { unit: '%', value: 55.55 },
    population: { unit: 'people', value: 48210 },
  };
  return {
    metric,
    ...base[metric],
    yesterday: 10,
    changePct: 3.5,
    sensors: 2,
    monitored: 2,
    compared: 2,
    details: {},
    ...overrides,
  };
}

// Deliberately not in the spec's order: the screen puts the cards in order itself.
const OVERVIEW: CityOverview = {
  city: 'kolkata',
  generatedAt: '2026-11-21T10:00:00.000Z',
  metrics: [
    summary('population'),
    summary('traffic', { changePct: -6.25 }),
    summary('air_quality', { details: { pm25: 52.4, no2: 21 } }),
    summary('energy', { changePct: null, yesterday: null }),
    summary('water', { details: { ph: 7.2, turbidity: 1.5 } }),
    summary('waste'),
  ],
};

function series(window: string, values: number[]): AnalyticsSeries {
  const points = values.map((value, index) => ({
    timestamp: new Date(Date.UTC(2026, 10, 21, 9, index * 5)).toISOString(),
    value,
    min: value - 2,
    max: value + 3,
  }));
  return {
    city: 'kolkata',
    metric: 'traffic',
    window: window as AnalyticsSeries['window'],
    unit: '%',
    bucketS: 300,
    points,
    summary: {
      from: '2026-11-20T10:05:00.000Z',
      to: '2026-11-21T10:05:00.000Z',
      timeZone: 'Asia/Kolkata',
      ...summarizeWindow(points),
    },
  };
}

const NOTICE = {
  id: 'notice-7',
  title: 'Water supply maintenance in Salt Lake',
  content: 'Supply will be interrupted on Sunday from 10:00 to 14:00 for pipe repairs.',
  imageUrl: null,
  videoUrl: null,
  linkUrl: null,
  author: 'Admin User',
  createdAt: '2026-11-21T08:00:00.000Z',
};

interface Api {
  overview?: () => Response | Promise<Response>;
  series?: (window: string) => Response | Promise<Response>;
  notices?: () => Response;
  counts?: () => Response | Promise<Response>;
  alerts?: Alert[];
  stats?: Stats;
  groups?: AlertGroup[];
}

function stubApi(api: Api = {}) {
  return stubFetch(async (url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/cities') return jsonResponse(CITIES);
    if (pathname === '/api/analytics/overview') {
      return api.overview ? api.overview() : jsonResponse(OVERVIEW);
    }
    if (pathname === '/api/analytics/series') {
      const window = searchParams.get('window') ?? '24h';
      return api.series ? api.series(window) : jsonResponse(series(window, [30, 45, 61.25]));
    }
    if (pathname === '/api/notices') {
      return api.notices ? api.notices() : jsonResponse({ data: [NOTICE] });
    }
    if (pathname === '/api/sensors/counts')
      return api.counts ? api.counts() : jsonResponse(countsOf([]));
    if (pathname === '/api/alerts') return jsonResponse(api.alerts ?? []);
    if (pathname === '/api/alert-groups') return jsonResponse(api.groups ?? []);
    if (pathname === '/api/stats') return jsonResponse(api.stats ?? STATS);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
}

/** The server's counts of a city whose sensors are in these statuses. */
function countsOf(statuses: SensorStatus[]): SensorCounts {
  const byStatus = { active: 0, inactive: 0, maintenance: 0, offline: 0, pending: 0 };
  for (const status of statuses) byStatus[status] += 1;
  return {
    total: statuses.length,
    byType: {
      traffic: statuses.length,
      air_quality: 0,
      energy: 0,
      water: 0,
      waste: 0,
      population: 0,
    },
    byStatus,
  };
}

const STATS: Stats = testStats({
  totalSensors: 3,
  activeSensors: 2,
  alerts: 4,
  criticalAlerts: 1,
  // Three minutes before the tests' clock (TEST_NOW).
  lastUpdate: '2026-11-21T10:02:00.000Z',
});

function openDashboard(
  options: { fallback?: FallbackTick; connection?: ConnectionState; role?: Role } = {},
) {
  const queryClient = createTestQueryClient();
  const rendered = renderRoute('/dashboard', {
    auth: signedIn({ role: options.role ?? 'citizen' }),
    queryClient,
    fallback: options.fallback,
    connection: options.connection ?? 'disconnected',
    routes: [{ path: '/dashboard', element: <DashboardPage /> }],
  });
  return { ...rendered, queryClient };
}

/** An endpoint that answers the first request with a server error, and `then` after it. */
function failingOnce<Args extends unknown[]>(then: (...args: Args) => Response) {
  let calls = 0;
  return (...args: Args) =>
    ++calls === 1
      ? jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
      : then(...args);
}

function card(metric: SensorType) {
  return within(screen.getByTestId(`metric-card-${metric}`));
}

describe('DashboardPage metric cards', () => {
  it("shows the server's six figures in the spec's order, with units and trends", async () => {
    stubApi();
    openDashboard();
    await screen.findByTestId('metric-card-traffic');
    const titles = within(screen.getByTestId('metric-cards'))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Traffic congestion',
      'Air quality',
      'Energy load',
      'Water supply',
      'Waste bin fill',
      'Population',
    ]);
    expect(card('traffic').getByTestId('metric-value')).toHaveTextContent('42.3');
    expect(card('traffic').getByTestId('metric-trend-pct')).toHaveTextContent('-6.3%');
    expect(card('air_quality').getByTestId('aqi-band')).toHaveTextContent('Moderate');
    expect(card('energy').getByTestId('metric-trend')).toHaveTextContent(
      'No figure from yesterday to compare',
    );
    expect(card('water').getByTestId('metric-unit')).toHaveTextContent('ML/day');
    expect(card('population').getByTestId('metric-value')).toHaveTextContent('48,210');
    expect(card('population').getByTestId('metric-hint')).toHaveTextContent(
      'People counted at 2 footfall sensors now',
    );
    expect(card('population').queryByText(/in the city/)).not.toBeInTheDocument();
  });

  it('asks for the selected city', async () => {
    const fetchSpy = stubApi();
    openDashboard();
    await screen.findByTestId('metric-card-traffic');
    expect(requestedUrls(fetchSpy)).toContain('/api/analytics/overview?city=kolkata');
  });

  it("follows the server's live figures, keeping the trend the overview gave", async () => {
    stubApi();
    const { queryClient } = openDashboard();
    await screen.findByTestId('metric-card-traffic');
    act(() =>
      dashboardLive.handlers['analytics:updated']!(
        {
          city: 'kolkata',
          metrics: [
            { metric: 'traffic', value: 60 },
            { metric: 'energy', value: 50.5 },
            { metric: 'water', value: null },
          ],
        },
        { queryClient, city: 'kolkata' },
      ),
    );
    await waitFor(() =>
      expect(card('traffic').getByTestId('metric-value')).toHaveTextContent('60.0'),
    );
    expect(card('energy').getByTestId('metric-value')).toHaveTextContent('50.5');
    expect(card('traffic').getByTestId('metric-trend-pct')).toHaveTextContent('-6.3%');
    // No sensor of the type reports any more: the card says so.
    expect(card('water').getByTestId('metric-empty')).toBeVisible();
    // A figure the event does not name keeps the overview's.
    expect(card('population').getByTestId('metric-value')).toHaveTextContent('48,210');
  });

  it("never asks for the city's sensors: every figure is the server's aggregate", async () => {
    const fetchSpy = stubApi({ counts: () => jsonResponse(countsOf(['active', 'offline'])) });
    openDashboard();
    await screen.findByTestId('metric-card-traffic');
    await within(screen.getByTestId('sensor-health')).findByTestId('sensor-health-total');
    const sensorCalls = requestedUrls(fetchSpy).filter((url) => url.startsWith('/api/sensors'));
    expect(sensorCalls.every((url) => url.startsWith('/api/sensors/counts?'))).toBe(true);
  });

  it('shows card skeletons while the overview loads', async () => {
    stubApi({ overview: () => new Promise<Response>(() => {}) });
    openDashboard();
    await waitFor(() => expect(screen.getAllByTestId('metric-card-skeleton')).toHaveLength(6));
    expect(within(screen.getByTestId('metric-cards')).getByRole('status')).toHaveTextContent(
      'Loading...',
    );
  });

  it('says when the overview failed, and Retry loads it', async () => {
    stubApi({ overview: failingOnce(() => jsonResponse(OVERVIEW)) });
    openDashboard();
    const error = await screen.findByTestId('metric-cards-error');
    expect(error).toHaveTextContent('The city figures could not be loaded.');
    expect(screen.queryByTestId('metric-card-traffic')).not.toBeInTheDocument();
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('metric-card-traffic')).toBeVisible();
  });

  it('says so when the city has no figures at all', async () => {
    stubApi({ overview: () => jsonResponse({ ...OVERVIEW, metrics: [] }) });
    openDashboard();
    expect(await screen.findByText('No sensor data yet')).toBeVisible();
  });
});

describe('DashboardPage traffic trend', () => {
  it('asks for 24h first, and the window switch asks for the chosen window', async () => {
    const fetchSpy = stubApi({
      series: (window) =>
        jsonResponse(series(window, window === '1h' ? [10, 12.5] : [30, 45, 61.25])),
    });
    openDashboard();
    const trend = within(screen.getByTestId('traffic-trend'));
    expect(await trend.findByTestId('traffic-summary')).toHaveTextContent(
      'Traffic congestion, Last 24 hours: latest 61.3%, lowest 28.0%, highest 64.3%.',
    );
    const seriesUrls = () => requestedUrls(fetchSpy).filter((url) => url.includes('/series'));
    expect(seriesUrls()).toEqual(['/api/analytics/series?city=kolkata&metric=traffic&window=24h']);
    expect(trend.getByRole('button', { name: '24h' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(trend.getByRole('button', { name: '1h' }));
    expect(trend.getByRole('button', { name: '1h' })).toHaveAttribute('aria-pressed', 'true');
    expect(trend.getByRole('button', { name: '24h' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(trend.getByTestId('traffic-summary')).toHaveTextContent(
        'Traffic congestion, Last hour: latest 12.5%, lowest 8.0%, highest 15.5%.',
      ),
    );
    expect(seriesUrls()).toContain('/api/analytics/series?city=kolkata&metric=traffic&window=1h');

    await userEvent.click(trend.getByRole('button', { name: '7d' }));
    await waitFor(() =>
      expect(seriesUrls()).toContain('/api/analytics/series?city=kolkata&metric=traffic&window=7d'),
    );
  });

  it('asks for the trend only once the six figures have their answer', async () => {
    let answerOverview: (response: Response) => void = () => {};
    const fetchSpy = stubApi({
      overview: () => new Promise<Response>((resolve) => (answerOverview = resolve)),
    });
    openDashboard();
    const urls = () => requestedUrls(fetchSpy);
    await waitFor(() => expect(urls()).toContain('/api/analytics/overview?city=kolkata'));
    await screen.findByText('Water supply maintenance in Salt Lake');
    expect(urls().filter((url) => url.includes('/series'))).toEqual([]);
    expect(screen.getByTestId('traffic-trend-loading')).toBeInTheDocument();

    answerOverview(jsonResponse(OVERVIEW));
    expect(await screen.findByTestId('traffic-summary', {}, { timeout: 3_000 })).toHaveTextContent(
      'latest 61.3%',
    );
    expect(urls()).toContain('/api/analytics/series?city=kolkata&metric=traffic&window=24h');
  });

  it("states the window's lowest and highest as the server does for the analytics page too", async () => {
    const stated = series('24h', [30, 45]);
    stubApi({
      series: () =>
        jsonResponse({ ...stated, summary: { ...stated.summary, min: 4.5, max: 97.25 } }),
    });
    openDashboard();
    expect(await screen.findByTestId('traffic-summary')).toHaveTextContent(
      'latest 45.0%, lowest 4.5%, highest 97.3%.',
    );
  });

  it('says when a window has no readings', async () => {
    stubApi({ series: (window) => jsonResponse(series(window, [])) });
    openDashboard();
    expect(await screen.findByText('No traffic readings in this window')).toBeVisible();
  });

  it('says when the trend failed, and Retry loads it', async () => {
    stubApi({ series: failingOnce((window: string) => jsonResponse(series(window, [20, 25]))) });
    openDashboard();
    const error = await screen.findByTestId('traffic-trend-error');
    expect(error).toHaveTextContent('The traffic trend could not be loaded.');
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('traffic-summary')).toHaveTextContent('latest 25.0%');
  });
});

describe('DashboardPage live cards', () => {
  it('lists active alerts the worst first, then the newest, and ended ones after them, grey and saying so', async () => {
    const alerts = [
      testAlert({
        id: 'ended',
        title: 'Was critical',
        severity: 'critical',
        status: 'resolved',
        createdAt: '2026-11-21T10:04:00.000Z',
      }),
      testAlert({ id: 'info', severity: 'info', createdAt: '2026-11-21T10:03:00.000Z' }),
      testAlert({
        id: 'newest',
        title: 'Bin full at New Market',
        severity: 'warning',
        status: 'acknowledged',
        createdAt: '2026-11-21T10:00:00.000Z',
      }),
      testAlert({ id: 'high', severity: 'high', createdAt: '2026-11-21T09:30:00.000Z' }),
      testAlert({ id: 'critical', severity: 'critical', createdAt: '2026-11-21T09:00:00.000Z' }),
      testAlert({ id: 'old-info', severity: 'info', createdAt: '2026-11-21T08:00:00.000Z' }),
    ];
    stubApi({ alerts });
    openDashboard({ role: 'operator' });
    const items = await within(screen.getByTestId('recent-alerts')).findAllByTestId('recent-alert');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/alerts?alert=critical',
      '/alerts?alert=high',
      '/alerts?alert=newest',
      '/alerts?alert=info',
      '/alerts?alert=old-info',
    ]);
    expect(items[2]).toHaveAttribute('data-severity', 'warning');
    expect(items[2]).toHaveTextContent('Warning');
    expect(items[2]).toHaveTextContent('Acknowledged');
    expect(items[2]).toHaveTextContent('5 minutes ago');
    expect(items[2]).toHaveTextContent('Bin full at New Market');
    expect(items[0]).toHaveTextContent('Critical');
  });

  it('shows an ended alert grey, with the word Resolved, even to a citizen', async () => {
    stubApi({
      alerts: [
        testAlert({ id: 'ended', title: 'Was critical', severity: 'critical', status: 'resolved' }),
        testAlert({ id: 'open', severity: 'warning' }),
      ],
    });
    openDashboard();
    const items = await within(screen.getByTestId('recent-alerts')).findAllByTestId('recent-alert');
    expect(items[0]).toHaveAttribute('href', '/alerts?alert=open');
    expect(items[0]).not.toHaveAttribute('data-ended');
    expect(items[1]).toHaveAttribute('data-ended', 'true');
    expect(items[1]).toHaveTextContent('Resolved');
    expect(items[1]).not.toHaveClass('border-red-500');
  });

  it("keeps the operators' workflow words off a citizen's list", async () => {
    stubApi({ alerts: [testAlert({ status: 'acknowledged' }), testAlert({ id: 'b' })] });
    openDashboard();
    const items = await within(screen.getByTestId('recent-alerts')).findAllByTestId('recent-alert');
    for (const item of items) expect(item).not.toHaveTextContent(/Open|Acknowledged/);
  });

  it('says when the city has no alerts', async () => {
    stubApi({ alerts: [] });
    openDashboard();
    expect(await screen.findByText('No alerts in this city')).toBeVisible();
  });

  it('says when the city has no sensors, on the health card and instead of the map', async () => {
    stubApi({ counts: () => jsonResponse(countsOf([])) });
    openDashboard();
    expect(
      await within(screen.getByTestId('sensor-health')).findByText('No sensors in this city'),
    ).toBeVisible();
    expect(
      await within(screen.getByTestId('dashboard-sensor-map')).findByText(
        'No sensors in this city',
      ),
    ).toBeVisible();
    expect(screen.queryByTestId('sensor-map-stub')).not.toBeInTheDocument();
  });

  it('shows a zero count in a neutral colour, not in alarm red', async () => {
    stubApi({ counts: () => jsonResponse(countsOf(['active', 'active'])) });
    openDashboard();
    const health = within(await screen.findByTestId('sensor-health'));
    const offline = await health.findByTestId('sensor-health-offline');
    expect(offline).toHaveTextContent('Offline0');
    expect(offline.querySelector('dd')).toHaveAttribute('data-tone', 'neutral');
    expect(health.getByTestId('sensor-health-active').querySelector('dd')).toHaveAttribute(
      'data-tone',
      'active',
    );
  });

  it('counts sensors by status, and shows the live stats with the last update as time ago', async () => {
    stubApi({
      counts: () => jsonResponse(countsOf(['active', 'offline', 'maintenance', 'active'])),
    });
    openDashboard();
    const health = within(await screen.findByTestId('sensor-health'));
    expect(await health.findByTestId('sensor-health-total')).toHaveTextContent('Total4');
    expect(health.getByTestId('sensor-health-active')).toHaveTextContent('Active2');
    expect(health.getByTestId('sensor-health-offline')).toHaveTextContent('Offline1');
    const stats = within(screen.getByTestId('live-stats'));
    expect(await stats.findByTestId('live-stats-alerts')).toHaveTextContent('4');
    expect(stats.getByTestId('live-stats-critical')).toHaveTextContent('1');
    expect(stats.getByTestId('live-stats-last-update')).toHaveTextContent('3 minutes ago');
    expect(stats.queryByTestId('live-stats-simulated')).not.toBeInTheDocument();
  });

  it('says how many sensors await their first reading, only when some do', async () => {
    stubApi({ counts: () => jsonResponse(countsOf(['active', 'pending', 'pending'])) });
    openDashboard();
    const health = within(await screen.findByTestId('sensor-health'));
    expect(await health.findByTestId('sensor-health-pending')).toHaveTextContent(
      '2 sensors are awaiting their first reading.',
    );
    expect(health.getByTestId('sensor-health-active')).toHaveTextContent('Active1');
    expect(health.getByTestId('sensor-health-offline')).toHaveTextContent('Offline0');
  });

  it('marks the stats as simulated while the fallback stands in for the live connection', async () => {
    stubApi({
      alerts: [testAlert({ id: 'c' }), testAlert({ id: 'w', severity: 'warning' })],
      counts: () => jsonResponse(countsOf(['active'])),
    });
    openDashboard({
      fallback: {
        at: new Date(Date.now() - 1_000).toISOString(),
        sensors: [{ id: 'sensor_001', type: 'traffic', unit: 'vehicles/min', value: 55 }],
      },
    });
    const stats = within(await screen.findByTestId('live-stats'));
    expect(stats.getByTestId('live-stats-simulated')).toHaveTextContent('Simulated');
    expect(stats.getByText('Simulated figures while the live connection is down.')).toBeVisible();
    // The alerts this page last knew of, counted while the server is out of reach.
    await waitFor(() => expect(stats.getByTestId('live-stats-alerts')).toHaveTextContent('2'));
    expect(stats.getByTestId('live-stats-critical')).toHaveTextContent('1');
    // The sensors come over HTTP, whatever the live connection does.
    expect(
      await within(screen.getByTestId('sensor-health')).findByTestId('sensor-health-total'),
    ).toHaveTextContent('Total1');
    // The fallback's readings, each labelled, apart from the city's real figures.
    const reading = stats.getByTestId('fallback-reading');
    expect(reading).toHaveTextContent('Traffic');
    expect(reading).toHaveTextContent('Simulated while offline');
    expect(reading).toHaveTextContent('55 vehicles/min');
  });

  it('says what time the city figures are from while the live connection is down, and not when up', async () => {
    stubApi();
    const { unmount } = openDashboard({ connection: 'disconnected' });
    const traffic = await screen.findByTestId('metric-card-traffic');
    expect(within(traffic).getByTestId('metric-stale')).toHaveTextContent(
      /^as of \d{1,2}:\d{2} [ap]m IST$/,
    );
    unmount();

    openDashboard({ connection: 'connected' });
    const live = await screen.findByTestId('metric-card-traffic');
    expect(within(live).queryByTestId('metric-stale')).not.toBeInTheDocument();
  });

  it('says when a live card could not load, and Retry loads it', async () => {
    stubApi({
      counts: failingOnce(() => jsonResponse(countsOf(['active', 'active']))),
    });
    openDashboard();
    const health = within(screen.getByTestId('sensor-health'));
    expect(await health.findByText('The sensors could not be loaded.')).toBeVisible();
    await userEvent.click(health.getByRole('button', { name: 'Retry' }));
    expect(await health.findByTestId('sensor-health-total')).toHaveTextContent('Total2');
  });

  it("puts the city's sensors on the map, with a link to all sensors", async () => {
    stubApi({ counts: () => jsonResponse(countsOf(['active', 'offline'])) });
    openDashboard({
      fallback: {
        at: new Date().toISOString(),
        sensors: [{ id: 'sensor_002', type: 'air_quality', unit: 'AQI', value: 80 }],
      },
    });
    expect(await screen.findByTestId('sensor-map-stub')).toHaveTextContent('Kolkata: {}');
    expect(screen.getByRole('link', { name: 'View all sensors' })).toHaveAttribute(
      'href',
      '/sensors',
    );
  });

  it('shows the latest notice with a link to read it', async () => {
    stubApi();
    openDashboard();
    const notice = within(screen.getByTestId('latest-notice'));
    expect(await notice.findByText('Water supply maintenance in Salt Lake')).toBeVisible();
    expect(notice.getByRole('link', { name: /Read more/ })).toHaveAttribute(
      'href',
      '/announcements/notice-7',
    );
  });

  it('says when there are no notices', async () => {
    stubApi({ notices: () => jsonResponse({ data: [] }) });
    openDashboard();
    expect(
      await within(screen.getByTestId('latest-notice')).findByText('No notices yet'),
    ).toBeVisible();
  });
});

describe('the alarm flood banner', () => {
  it('says the city is in flood, in words, with a link to the group', async () => {
    stubApi({ groups: [testAlertGroup({ lastJoinedAt: minutesAgo(2) })] });
    openDashboard({ role: 'operator' });
    const banner = await screen.findByTestId('flood-banner');
    expect(banner).toHaveTextContent('Alarm flood: 412 air quality sensors over their limits');
    expect(within(banner).getByRole('link', { name: 'Open the incident' })).toHaveAttribute(
      'href',
      '/alerts/groups/group-1',
    );
    // Announced as it appears, and said with an icon and words, not colour alone.
    expect(banner.closest('[role="status"]')).not.toBeNull();
  });

  it('shows nothing once no alert has joined for the flood window', async () => {
    stubApi({ groups: [testAlertGroup({ lastJoinedAt: minutesAgo(11) })] });
    openDashboard({ role: 'operator' });
    await screen.findByTestId('metric-card-traffic');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('flood-banner')).not.toBeInTheDocument();
  });

  it('appears when a flood begins and goes when it is resolved, live', async () => {
    stubApi({ groups: [] });
    const { queryClient } = openDashboard({ role: 'operator' });
    await screen.findByTestId('metric-card-traffic');
    await waitFor(() =>
      expect(queryClient.getQueryData(['alert-groups', 'active', 'kolkata'])).toEqual([]),
    );
    expect(screen.queryByTestId('flood-banner')).not.toBeInTheDocument();
    const group = testAlertGroup({
      sensorType: 'waste',
      rule: 'offline',
      members: 1000,
      lastJoinedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const context = { queryClient, city: 'kolkata' as const };
    act(() => alertGroupsLive.handlers['alertGroup:updated']?.(group, context));
    expect(await screen.findByTestId('flood-banner')).toHaveTextContent(
      'Alarm flood: 1,000 waste sensors silent',
    );
    act(() =>
      alertGroupsLive.handlers['alertGroup:updated']?.(
        { ...group, status: 'resolved', updatedAt: new Date(Date.now() + 1000).toISOString() },
        context,
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('flood-banner')).not.toBeInTheDocument());
  });
});
