import type { AnalyticsSeries, CityOverview, MetricSummary, SensorType } from '@smart-city/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetNoticesStoreForTests } from '../../lib/notices/notices-store';
import type { LiveData, LiveSensor } from '../../lib/live/live-state';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { testAlert, testAlerts } from '../../test/live-fixtures';
import { renderRoute, signedIn } from '../../test/render';
import { DashboardPage } from './dashboard-page';

// The map itself (MapLibre, WebGL) is the sensor map's own concern; here it shows what it was given.
vi.mock('../../components/sensor-map/sensor-map', () => ({
  SensorMap: ({ city, sensors }: { city: { name: string }; sensors: { id: string }[] }) => (
    <p data-testid="sensor-map-stub">
      {city.name}: {sensors.map((sensor) => sensor.id).join(', ')}
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
  return {
    city: 'kolkata',
    metric: 'traffic',
    window: window as AnalyticsSeries['window'],
    unit: '%',
    bucketS: 300,
    points: values.map((value, index) => ({
      timestamp: new Date(Date.UTC(2026, 10, 21, 9, index * 5)).toISOString(),
      value,
      min: value - 2,
      max: value + 3,
    })),
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
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
}

function liveSensor(overrides: Partial<LiveSensor> & Pick<LiveSensor, 'id'>): LiveSensor {
  return {
    lastReading: '2026-11-21T10:00:00.000Z',
    value: 50,
    unit: '%',
    status: 'active',
    metadata: {},
    name: `Sensor ${overrides.id}`,
    type: 'traffic',
    location: 'Howrah Bridge',
    lat: 22.585,
    lng: 88.347,
    simulated: false,
    ...overrides,
  };
}

function sensors(...list: LiveSensor[]): LiveData['sensors'] {
  return Object.fromEntries(list.map((sensor) => [sensor.id, sensor]));
}

const STATS = {
  totalSensors: 3,
  activeSensors: 2,
  alerts: 4,
  criticalAlerts: 1,
  lastUpdate: new Date(Date.now() - 3 * 60_000).toISOString(),
  simulated: false,
};

function openDashboard(live: Partial<LiveData> = {}) {
  return renderRoute('/dashboard', {
    auth: signedIn(),
    live,
    routes: [{ path: '/dashboard', element: <DashboardPage /> }],
  });
}

/** The dashboard once the live connection has sent Kolkata's snapshot. */
function openConnectedDashboard(live: Partial<LiveData> = {}) {
  return openDashboard({ connection: 'connected', city: 'kolkata', stats: STATS, ...live });
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

beforeEach(() => {
  resetNoticesStoreForTests();
});

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
    expect(card('population').getByText(/People in the city's areas now/)).toBeVisible();
  });

  it('asks for the selected city', async () => {
    const fetchSpy = stubApi();
    openDashboard();
    await screen.findByTestId('metric-card-traffic');
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toContain(
      '/api/analytics/overview?city=kolkata',
    );
  });

  it('recomputes headline figures from the live sensors of the city, keeping the server trend', async () => {
    stubApi();
    openConnectedDashboard({
      sensors: sensors(
        liveSensor({ id: 't1', value: 50 }),
        liveSensor({ id: 't2', value: 70 }),
        // An offline sensor and the fallback's simulated ones do not count, as on the server.
        liveSensor({ id: 't3', value: 99, status: 'offline' }),
        liveSensor({ id: 'sensor_001', value: 5, simulated: true }),
        liveSensor({ id: 'e1', type: 'energy', unit: 'MW', value: 20.5 }),
        liveSensor({ id: 'e2', type: 'energy', unit: 'MW', value: 30 }),
      ),
    });
    await screen.findByTestId('metric-card-traffic');
    // Traffic is an average, energy a total (the shared aggregation).
    expect(card('traffic').getByTestId('metric-value')).toHaveTextContent('60.0');
    expect(card('energy').getByTestId('metric-value')).toHaveTextContent('50.5');
    expect(card('traffic').getByTestId('metric-trend-pct')).toHaveTextContent('-6.3%');
    // A metric without live sensors keeps the server's figure.
    expect(card('water').getByTestId('metric-value')).toHaveTextContent('1,240.5');
  });

  it("ignores live sensors of another city (before the new city's snapshot)", async () => {
    stubApi();
    openDashboard({
      connection: 'connected',
      city: 'new-york',
      sensors: sensors(liveSensor({ id: 't1', value: 90 })),
    });
    await screen.findByTestId('metric-card-traffic');
    expect(card('traffic').getByTestId('metric-value')).toHaveTextContent('42.3');
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
    const seriesUrls = () =>
      fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/series'));
    expect(seriesUrls()).toEqual(['/api/analytics/series?city=kolkata&metric=traffic&window=24h']);
    expect(trend.getByRole('button', { name: 'Last 24 hours' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(trend.getByRole('button', { name: 'Last hour' }));
    expect(trend.getByRole('button', { name: 'Last hour' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(trend.getByRole('button', { name: 'Last 24 hours' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() =>
      expect(trend.getByTestId('traffic-summary')).toHaveTextContent(
        'Traffic congestion, Last hour: latest 12.5%, lowest 8.0%, highest 15.5%.',
      ),
    );
    expect(seriesUrls()).toContain('/api/analytics/series?city=kolkata&metric=traffic&window=1h');

    await userEvent.click(trend.getByRole('button', { name: 'Last 7 days' }));
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
    const urls = () => fetchSpy.mock.calls.map(([url]) => String(url));
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
  it('lists the five newest alerts with severity in words, time ago and a link to each', async () => {
    stubApi();
    const alerts = [
      testAlert({
        id: 'newest',
        title: 'Bin full at New Market',
        severity: 'warning',
        status: 'acknowledged',
        createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      }),
      ...testAlerts(6),
    ];
    openConnectedDashboard({ alerts });
    const items = await within(screen.getByTestId('recent-alerts')).findAllByTestId('recent-alert');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveAttribute('href', '/alerts?alert=newest');
    expect(items[0]).toHaveAttribute('data-severity', 'warning');
    expect(items[0]).toHaveTextContent('Warning');
    expect(items[0]).toHaveTextContent('Acknowledged');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[0]).toHaveTextContent('Bin full at New Market');
    expect(items[1]).toHaveTextContent('Critical');
    expect(items[4]).toHaveAttribute('href', '/alerts?alert=alert-4');
  });

  it('says when the city has no alerts', async () => {
    stubApi();
    openConnectedDashboard({ alerts: [] });
    expect(await screen.findByText('No alerts in this city')).toBeVisible();
  });

  it('counts sensors by status, and shows the live stats with the last update as time ago', async () => {
    stubApi();
    openConnectedDashboard({
      sensors: sensors(
        liveSensor({ id: 'a' }),
        liveSensor({ id: 'b', status: 'offline' }),
        liveSensor({ id: 'c', status: 'maintenance' }),
        liveSensor({ id: 'd', type: 'waste', unit: '%' }),
      ),
    });
    const health = within(await screen.findByTestId('sensor-health'));
    expect(health.getByTestId('sensor-health-total')).toHaveTextContent('Total4');
    expect(health.getByTestId('sensor-health-active')).toHaveTextContent('Active2');
    expect(health.getByTestId('sensor-health-offline')).toHaveTextContent('Offline1');
    const stats = within(screen.getByTestId('live-stats'));
    expect(stats.getByTestId('live-stats-alerts')).toHaveTextContent('4');
    expect(stats.getByTestId('live-stats-critical')).toHaveTextContent('1');
    expect(stats.getByTestId('live-stats-last-update')).toHaveTextContent('3 minutes ago');
    expect(stats.queryByTestId('live-stats-simulated')).not.toBeInTheDocument();
  });

  it('marks the stats as simulated while the fallback stands in for the live connection', async () => {
    stubApi();
    openDashboard({
      connection: 'disconnected',
      simulated: true,
      stats: { ...STATS, totalSensors: 34, activeSensors: 32, simulated: true },
    });
    const stats = within(await screen.findByTestId('live-stats'));
    expect(stats.getByTestId('live-stats-simulated')).toHaveTextContent('Simulated');
    expect(stats.getByText('Simulated figures while the live connection is down.')).toBeVisible();
    expect(
      within(screen.getByTestId('sensor-health')).getByText('Waiting for live data...'),
    ).toBeVisible();
  });

  it("puts the city's registered sensors on the map, with a link to all sensors", async () => {
    stubApi();
    openConnectedDashboard({
      sensors: sensors(
        liveSensor({ id: 'kol-1' }),
        liveSensor({ id: 'sensor_002', simulated: true, name: null, lat: null, lng: null }),
        liveSensor({ id: 'kol-2', type: 'water', unit: 'ML/day' }),
      ),
    });
    expect(await screen.findByTestId('sensor-map-stub')).toHaveTextContent('Kolkata: kol-1, kol-2');
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
