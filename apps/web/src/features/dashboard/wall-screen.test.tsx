import type { CityOverview, MetricSummary, SensorType } from '@smart-city/shared';
import { SENSOR_TYPES } from '@smart-city/shared';
import { act, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '../../lib/live/live-state';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, requestedUrls, stubFetch } from '../../test/fetch-stub';
import { testAlert, testAlertGroup, testStats } from '../../test/live-fixtures';
import { renderRoute, signedIn } from '../../test/render';
import { DashboardPage } from './dashboard-page';

vi.mock('../../components/sensor-map/sensor-map', () => ({
  preloadSensorMap: () => undefined,
  SensorMap: ({ city, large }: { city: { name: string }; large?: boolean }) => (
    <p data-testid="sensor-map-stub">
      {city.name}
      {large ? ' (large)' : ''}
    </p>
  ),
}));

function summary(metric: SensorType): MetricSummary {
  return {
    metric,
    unit: metric === 'population' ? 'people' : '%',
    value: 40 + SENSOR_TYPES.indexOf(metric),
    yesterday: 40,
    changePct: 2.5,
    sensors: 3,
    monitored: 3,
    compared: 3,
    details: {},
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString();

// Not in order: the column puts the worst first, then the newest.
const ALERTS = [
  testAlert({
    id: 'warning-new',
    severity: 'warning',
    title: 'Bin nearly full',
    createdAt: at(30),
  }),
  testAlert({ id: 'critical-old', severity: 'critical', title: 'Congestion', createdAt: at(1) }),
  testAlert({ id: 'high', severity: 'high', title: 'Poor air', createdAt: at(20) }),
  testAlert({ id: 'critical-new', severity: 'critical', title: 'Overload', createdAt: at(25) }),
];

function stubApi(groups: unknown[] = []) {
  return stubFetch(async (url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/cities') return jsonResponse(CITIES);
    if (pathname === '/api/analytics/overview') {
      const city = searchParams.get('city') as CityOverview['city'];
      return jsonResponse({ city, generatedAt: at(0), metrics: SENSOR_TYPES.map(summary) });
    }
    if (pathname === '/api/analytics/series') {
      return jsonResponse({
        city: searchParams.get('city'),
        metric: searchParams.get('metric'),
        window: '24h',
        unit: '%',
        bucketS: 300,
        points: [30, 45, 38].map((value, i) => ({
          timestamp: at(i * 5),
          value,
          min: value,
          max: value,
        })),
        summary: {
          from: at(0),
          to: at(10),
          timeZone: 'Asia/Kolkata',
          average: 37.67,
          min: 30,
          max: 45,
          latest: 38,
        },
      });
    }
    if (pathname === '/api/alerts') return jsonResponse(ALERTS);
    if (pathname === '/api/stats') return jsonResponse(testStats({ alerts: 9, criticalAlerts: 0 }));
    if (pathname === '/api/notices') return jsonResponse({ data: [] });
    if (pathname === '/api/alert-groups') return jsonResponse(groups);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
}

function openWall(
  path = '/dashboard?wall=1',
  role: 'operator' | 'admin' | 'citizen' = 'operator',
  connection: ConnectionState = 'connected',
) {
  return renderRoute(path, {
    auth: signedIn({ role }),
    connection,
    routes: [{ path: '/dashboard', element: <DashboardPage /> }],
  });
}

describe('the wall screen', () => {
  it('shows the city, its clock and the live connection, six figures with trend lines, the map and the alerts', async () => {
    const fetchSpy = stubApi();
    openWall();
    const wall = await screen.findByTestId('wall-screen');
    expect(await within(wall).findByRole('heading', { level: 1, name: 'Kolkata' })).toBeVisible();
    expect(screen.getByTestId('wall-clock')).toHaveAttribute('aria-label', 'Time in Kolkata');
    expect(screen.getByTestId('wall-clock').textContent).toMatch(/IST$/);
    expect(screen.getByTestId('wall-connection')).toHaveTextContent('Live');
    expect(screen.getByTestId('wall-exit')).toHaveAttribute('href', '/dashboard');

    const cards = screen.getByTestId('wall-cards');
    expect(await within(cards).findAllByRole('article')).toHaveLength(6);
    expect(await within(cards).findAllByTestId('wall-trend')).toHaveLength(6);
    expect(
      within(screen.getByTestId('wall-card-traffic')).getByTestId('wall-card-value'),
    ).toHaveTextContent('40.0');
    // Footfall sensors count people where they stand, not the city's population.
    expect(
      within(screen.getByTestId('wall-card-population')).getByRole('heading'),
    ).toHaveTextContent('People counted at footfall sensors');
    expect(screen.getByTestId('sensor-map-stub')).toHaveTextContent('Kolkata (large)');
    // The column asks the server for the active alerts, worst first.
    const asked = requestedUrls(fetchSpy).find((url) => url.startsWith('/api/alerts'))!;
    expect(new URL(asked, 'http://localhost').searchParams.get('status')).toBe('active');
    expect(new URL(asked, 'http://localhost').searchParams.get('order')).toBe('severity');
  });

  it('lists the active alerts critical first, newest first within a severity, and counts those left out', async () => {
    stubApi();
    openWall();
    const items = await screen.findAllByTestId('wall-alert');
    expect(items.map((item) => item.dataset.alertId)).toEqual([
      'critical-new',
      'critical-old',
      'high',
      'warning-new',
    ]);
    expect(within(items[0]!).getByText('Critical')).toBeVisible();
    expect(await screen.findByTestId('wall-alerts-total')).toHaveTextContent('9 active');
    expect(screen.getByTestId('wall-alerts-more')).toHaveTextContent('5 more active alerts');
    // No critical alert: a zero in a neutral colour, not alarm red.
    expect(screen.getByTestId('wall-alerts-critical')).toHaveAttribute('data-tone', 'neutral');
  });

  it('says when the connection is down, and nothing floats over it', async () => {
    stubApi();
    openWall('/dashboard?wall=1', 'operator', 'disconnected');
    expect(await screen.findByTestId('wall-connection')).toHaveTextContent('Reconnecting…');
    act(() => {
      toast.error('Critical Alert: Congestion at Howrah Bridge');
    });
    expect(screen.queryByText('Critical Alert: Congestion at Howrah Bridge')).toBeNull();
  });

  it('rotates Kolkata, Kharagpur, New York and back, showing which comes next', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubApi();
      openWall('/dashboard?wall=1&rotate=10');
      const wall = await screen.findByTestId('wall-screen');
      expect(await screen.findByTestId('wall-rotation-next')).toHaveTextContent(
        'Next: Kharagpur in 10 s',
      );
      const seen = [wall.dataset.city];
      for (let turn = 0; turn < 3; turn += 1) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(10_000);
        });
        seen.push(screen.getByTestId('wall-screen').dataset.city);
      }
      expect(seen).toEqual(['kolkata', 'kharagpur', 'new-york', 'kolkata']);
      const current = within(screen.getByTestId('wall-rotation'))
        .getAllByRole('listitem')
        .find((item) => item.getAttribute('aria-current') === 'true');
      expect(current).toHaveTextContent('Kolkata');
    } finally {
      vi.useRealTimers();
    }
  });

  it('is offered to operators and admins; a citizen gets the ordinary dashboard', async () => {
    stubApi();
    const first = openWall('/dashboard', 'admin');
    expect(await screen.findByTestId('open-wall-screen')).toHaveAttribute(
      'href',
      '/dashboard?wall=1',
    );
    first.unmount();

    openWall('/dashboard?wall=1', 'citizen');
    expect(await screen.findByTestId('metric-cards')).toBeInTheDocument();
    expect(screen.queryByTestId('wall-screen')).toBeNull();
    expect(screen.queryByTestId('open-wall-screen')).toBeNull();
  });
});

describe('the wall screen in a flood', () => {
  it('says so across the top, large, with a link to the group', async () => {
    stubApi([testAlertGroup({ lastJoinedAt: new Date().toISOString() })]);
    openWall();
    const banner = await screen.findByTestId('flood-banner');
    expect(banner).toHaveTextContent('Alarm flood: 412 air quality sensors over their limits');
    expect(within(banner).getByRole('link')).toHaveAttribute('href', '/alerts/groups/group-1');
  });
});
