import type { CityTwin, ReadingHistory, Sensor, Stats } from '@smart-city/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCity } from '../../lib/city/city-context';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, requestedUrls, stubFetch } from '../../test/fetch-stub';
import { testAlert, testSensor } from '../../test/live-fixtures';
import { createTestQueryClient, renderRoute, signedIn } from '../../test/render';
import { cityTwinLive } from './city-twin.live';
import { CityTwinPage } from './city-twin-page';
import type { TwinSceneProps } from './twin-scene';
import { webGLSupport } from './webgl-support';
import type { ConnectionState } from '../../lib/live/live-state';

// jsdom has no WebGL: the scene stands in as a box that shows what it was given, and each test
// says whether the browser offers WebGL.
vi.mock('./webgl-support', () => ({ webGLSupport: vi.fn() }));
vi.mock('./twin-scene', () => ({
  TwinScene: ({ city, focusedId, selectedId, onSelect, rotating, label }: TwinSceneProps) => (
    <div
      data-testid="scene-stub"
      data-city={city.key}
      data-focused={focusedId ?? ''}
      data-selected={selectedId ?? ''}
      data-rotating={String(rotating)}
      aria-label={label}
    >
      <button type="button" onClick={() => onSelect('kol-air-01')}>
        Click the air sensor in the scene
      </button>
    </div>
  ),
}));

const SENSORS: Sensor[] = [
  testSensor({
    id: 'kol-air-01',
    name: 'Victoria Air',
    type: 'air_quality',
    unit: 'AQI',
    value: 130,
  }),
  testSensor({
    id: 'kol-energy-01',
    name: 'Esplanade Feeder',
    type: 'energy',
    unit: 'MW',
    value: 20,
    metadata: { ratedMw: 40 },
  }),
  testSensor({
    id: 'kol-pop-01',
    name: 'Maidan Footfall',
    type: 'population',
    unit: 'people',
    value: 4_000,
  }),
  testSensor({
    id: 'kol-traffic-01',
    name: 'Howrah Traffic',
    type: 'traffic',
    unit: '%',
    value: 84,
  }),
  testSensor({
    id: 'kol-water-01',
    name: 'Salt Lake Water',
    type: 'water',
    unit: 'ML/day',
    value: null,
    lastReading: null,
    status: 'offline',
  }),
];

const ALERT = testAlert({
  id: 'alert-7',
  sensorId: 'kol-traffic-01',
  title: 'High traffic congestion at Howrah Bridge',
  severity: 'critical',
});

function twinOf(sensors: Sensor[], city: CityTwin['city'] = 'kolkata'): CityTwin {
  return {
    city,
    sensors: {
      id: sensors.map((s) => s.id),
      name: sensors.map((s) => s.name),
      type: sensors.map((s) => s.type),
      status: sensors.map((s) => s.status),
      lat: sensors.map((s) => s.lat),
      lng: sensors.map((s) => s.lng),
      value: sensors.map((s) => s.value),
      // As the server says: the type's critical level, the rated load for a feeder, none for the rest.
      critical: sensors.map((s) =>
        s.type === 'traffic'
          ? 90
          : s.type === 'air_quality'
            ? 200
            : s.type === 'energy'
              ? 40
              : null,
      ),
    },
    activeAlerts: [
      {
        id: ALERT.id,
        sensorId: ALERT.sensorId,
        severity: ALERT.severity,
        title: ALERT.title,
        facts: ALERT.facts,
        createdAt: ALERT.createdAt,
      },
    ],
  };
}

const HISTORY: ReadingHistory = {
  sensorId: 'kol-air-01',
  window: '1h',
  bucketS: 0,
  points: [
    { timestamp: '2026-11-21T10:00:00.000Z', value: 130, min: 130, max: 130 },
    { timestamp: '2026-11-21T09:55:00.000Z', value: 118, min: 118, max: 118 },
    { timestamp: '2026-11-21T09:50:00.000Z', value: 96, min: 96, max: 96 },
  ],
};

function fakeApi(options: { twin?: CityTwin | 'fail'; stats?: Stats } = {}) {
  const twins: Record<string, CityTwin | 'fail'> = {
    kolkata: options.twin ?? twinOf(SENSORS),
    'new-york': twinOf(
      [testSensor({ id: 'ny-traffic-01', name: 'Times Square Traffic', city: 'new-york' })],
      'new-york',
    ),
  };
  const spy = stubFetch(async (url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/cities') return jsonResponse(CITIES);
    if (pathname === '/api/city-twin') {
      const twin = twins[searchParams.get('city') ?? ''];
      return twin === 'fail' || !twin
        ? jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
        : jsonResponse(twin);
    }
    const readings = /^\/api\/sensors\/([^/]+)\/readings$/.exec(pathname);
    if (readings) return jsonResponse({ ...HISTORY, sensorId: readings[1] });
    const one = /^\/api\/sensors\/([^/]+)$/.exec(pathname);
    const sensor = one && SENSORS.find((s) => s.id === decodeURIComponent(one[1]!));
    if (sensor) return jsonResponse(sensor);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return { requested: () => requestedUrls(spy) };
}

/** Lets a test switch the city as the header's city select does. */
function CitySwitch() {
  const { selectCity } = useCity();
  return (
    <button type="button" onClick={() => selectCity('new-york')}>
      Switch to New York
    </button>
  );
}

function openTwin(
  path = '/city-twin',
  api = fakeApi(),
  connection: ConnectionState = 'disconnected',
) {
  const queryClient = createTestQueryClient();
  const rendered = renderRoute(path, {
    auth: signedIn({ role: 'operator' }),
    connection,
    queryClient,
    routes: [
      {
        path: '/city-twin',
        element: (
          <>
            <CitySwitch />
            <CityTwinPage />
          </>
        ),
      },
    ],
  });
  return { ...rendered, api, queryClient };
}

const mirrorButtons = () => within(screen.getByTestId('twin-sensor-mirror')).getAllByRole('button');

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');

describe('the 3D City Twin screen', () => {
  beforeEach(() => {
    vi.mocked(webGLSupport).mockReturnValue({ available: true, software: false });
    // jsdom does no layout: opening a sensor scrolls its panel into view, and the list's scroll
    // box gets the height a screen would give it.
    Element.prototype.scrollIntoView = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.testid === 'twin-list-scroller' ? 384 : 0;
      },
    });
  });
  afterEach(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  });

  it('says how many sensors the city has and draws them all in the scene', async () => {
    openTwin();
    expect(await screen.findByTestId('twin-sensor-count')).toHaveTextContent('5 sensors');
    const scene = await screen.findByTestId('scene-stub');
    expect(scene).toHaveAttribute('data-city', 'kolkata');
    expect(scene).toHaveAccessibleName(/Kolkata: 5 sensors/);
  });

  it('says what time the scene is from while the live connection is down, and not when up', async () => {
    const { unmount } = openTwin();
    // The tests' clock reads 10:05 UTC: 3:35 pm in Kolkata.
    expect(await screen.findByTestId('twin-stale')).toHaveTextContent('as of 3:35 pm IST');
    unmount();
    openTwin('/city-twin', fakeApi(), 'connected');
    await screen.findByTestId('twin-sensor-count');
    expect(screen.queryByTestId('twin-stale')).not.toBeInTheDocument();
  });

  it('mirrors the scene in a list a screen reader reads, each sensor with its level in words', async () => {
    openTwin();
    await screen.findByTestId('scene-stub');
    const names = mirrorButtons().map((button) => button.textContent);
    expect(names).toEqual([
      'Victoria Air: Air quality, Warning',
      'Esplanade Feeder: Energy, Normal',
      'Maidan Footfall: Population, Normal',
      'Howrah Traffic: Traffic, Critical, active alert',
      'Salt Lake Water: Water, Not reporting',
    ]);
    const items = within(screen.getByTestId('twin-sensor-mirror')).getAllByRole('listitem');
    expect(items[3]).toHaveAttribute('aria-posinset', '4');
    expect(items[3]).toHaveAttribute('aria-setsize', '5');
  });

  it('moves through the sensors with Tab, picks the one in focus out in the scene, and opens it with Enter', async () => {
    const user = userEvent.setup();
    openTwin();
    await screen.findByTestId('scene-stub');
    mirrorButtons()[0]!.focus();
    await user.tab();
    expect(document.activeElement).toHaveTextContent('Esplanade Feeder');
    expect(screen.getByTestId('scene-stub')).toHaveAttribute('data-focused', 'kol-energy-01');
    await user.tab();
    await user.tab();
    expect(screen.getByTestId('scene-stub')).toHaveAttribute('data-focused', 'kol-traffic-01');
    await user.keyboard('{Enter}');

    const panel = await screen.findByTestId('twin-sensor-panel');
    expect(panel).toHaveAttribute('data-sensor-id', 'kol-traffic-01');
    expect(await within(panel).findByRole('heading', { name: 'Howrah Traffic' })).toBeVisible();
    expect(within(panel).getByTestId('twin-panel-value')).toHaveTextContent('84.0 %');
    expect(within(panel).getByTestId('twin-panel-level')).toHaveTextContent('Critical');
    expect(within(panel).getByTestId('twin-panel-alert')).toHaveTextContent(
      'Critical: High traffic congestion at Howrah Bridge',
    );
    expect(screen.getByTestId('scene-stub')).toHaveAttribute('data-selected', 'kol-traffic-01');

    // Leaving the list lets go of the sensor in focus.
    await user.click(document.body);
    expect(screen.getByTestId('scene-stub')).toHaveAttribute('data-focused', '');
  });

  it("opens a sensor clicked in the scene: latest value, last hour's sparkline, and a link to its page", async () => {
    const user = userEvent.setup();
    const { router, api } = openTwin();
    await user.click(
      await screen.findByRole('button', { name: 'Click the air sensor in the scene' }),
    );
    const panel = await screen.findByTestId('twin-sensor-panel');
    expect(await within(panel).findByTestId('twin-panel-value')).toHaveTextContent('130 AQI');
    expect(within(panel).getByTestId('twin-panel-level')).toHaveTextContent('Warning');
    expect(within(panel).getByTestId('twin-panel-alert')).toHaveTextContent('No active alert.');
    const spark = await within(panel).findByRole('img', {
      name: 'Readings of the last hour, from 96 to 130',
    });
    expect(spark).toHaveAttribute('data-points', '3');
    expect(api.requested()).toContain('/api/sensors/kol-air-01/readings?window=1h');
    expect(within(panel).getByRole('link', { name: 'Open in IoT Sensors' })).toHaveAttribute(
      'href',
      '/sensors?sensor=kol-air-01',
    );
    expect(router.state.location.search).toBe('?sensor=kol-air-01');

    await user.click(within(panel).getByRole('button', { name: 'Close sensor details' }));
    expect(screen.queryByTestId('twin-sensor-panel')).not.toBeInTheDocument();
  });

  it('shows the counts per type and status with the statistics toggle, as /api/stats counts them', async () => {
    const user = userEvent.setup();
    openTwin();
    await screen.findByTestId('scene-stub');
    const toggle = screen.getByRole('button', { name: 'Statistics' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const stats = screen.getByTestId('twin-stats');
    const row = (name: string) => within(stats).getByRole('row', { name: new RegExp(`^${name}`) });
    // Type, then Active, Inactive, Maintenance, Offline, Awaiting first reading and Total.
    expect(
      within(row('Traffic'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0', '0', '0', '0', '1']);
    expect(
      within(row('Water'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0', '0', '1', '0', '1']);
    expect(within(stats).getByTestId('twin-stats-total')).toHaveTextContent('5');
    expect(within(stats).getByTestId('twin-stats-active')).toHaveTextContent('4');
    expect(within(stats).getByTestId('twin-stats-alerts')).toHaveTextContent('1');
    expect(within(stats).getByTestId('twin-stats-critical')).toHaveTextContent('1');
  });

  it('follows live readings, status changes and alerts in the list and the panel', async () => {
    const { queryClient } = openTwin('/city-twin?sensor=kol-air-01');
    await screen.findByTestId('scene-stub');
    const context = { queryClient, city: 'kolkata' as const };
    act(() =>
      cityTwinLive.handlers.readings!(
        {
          city: 'kolkata',
          readings: [
            {
              sensorId: 'kol-air-01',
              value: 190,
              unit: 'AQI',
              timestamp: '2026-11-21T10:05:00.000Z',
            },
          ],
        },
        context,
      ),
    );
    await waitFor(() =>
      expect(mirrorButtons()[0]).toHaveTextContent('Victoria Air: Air quality, Critical'),
    );
    expect(await screen.findByTestId('twin-panel-level')).toHaveTextContent('Critical');

    act(() =>
      cityTwinLive.handlers['alert:created']!(
        testAlert({
          id: 'alert-8',
          sensorId: 'kol-air-01',
          title: 'Poor air quality at Victoria Memorial',
          severity: 'high',
        }),
        context,
      ),
    );
    await waitFor(() => expect(mirrorButtons()[0]).toHaveTextContent('active alert'));
    expect(screen.getByTestId('twin-panel-alert')).toHaveTextContent(
      'High: Poor air quality at Victoria Memorial',
    );

    act(() =>
      cityTwinLive.handlers['sensor:updated']!(
        { id: 'kol-air-01', city: 'kolkata', status: 'maintenance', metadata: {} },
        context,
      ),
    );
    await waitFor(() =>
      expect(mirrorButtons()[0]).toHaveTextContent(
        'Victoria Air: Air quality, Not reporting, active alert',
      ),
    );
  });

  it('builds the scene again for another city', async () => {
    const user = userEvent.setup();
    const { api } = openTwin();
    expect(await screen.findByTestId('scene-stub')).toHaveAttribute('data-city', 'kolkata');
    await user.click(screen.getByRole('button', { name: 'Switch to New York' }));
    await waitFor(() =>
      expect(screen.getByTestId('scene-stub')).toHaveAttribute('data-city', 'new-york'),
    );
    expect(screen.getByTestId('twin-sensor-count')).toHaveTextContent('1 sensor');
    expect(api.requested()).toContain('/api/city-twin?city=new-york');
  });

  it('offers the sensor list instead of the scene where WebGL is missing', async () => {
    vi.mocked(webGLSupport).mockReturnValue({ available: false, software: false });
    const user = userEvent.setup();
    openTwin();
    expect(await screen.findByTestId('twin-no-webgl')).toHaveTextContent('The 3D view needs WebGL');
    expect(screen.queryByTestId('scene-stub')).not.toBeInTheDocument();
    const list = screen.getByTestId('twin-sensor-list');
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toContain(
      'Howrah Traffic: Traffic, Critical, active alert',
    );
    await user.click(within(list).getByRole('button', { name: /Victoria Air/ }));
    expect(await screen.findByTestId('twin-sensor-panel')).toHaveAttribute(
      'data-sensor-id',
      'kol-air-01',
    );
  });

  it('says so when the sensor a link names does not exist', async () => {
    openTwin('/city-twin?sensor=nowhere-01');
    expect(await screen.findByTestId('twin-panel-missing')).toHaveTextContent(
      'There is no sensor with the id nowhere-01.',
    );
  });

  it('says so when the city has no sensors yet', async () => {
    openTwin('/city-twin', fakeApi({ twin: twinOf([]) }));
    expect(await screen.findByText('No sensors in Kolkata yet')).toBeVisible();
    expect(screen.queryByTestId('scene-stub')).not.toBeInTheDocument();
  });

  it('says when the sensors could not be loaded, and asks again on Retry', async () => {
    const user = userEvent.setup();
    const { api } = openTwin('/city-twin', fakeApi({ twin: 'fail' }));
    expect(await screen.findByTestId('twin-error')).toHaveTextContent(
      'The sensors of the twin could not be loaded.',
    );
    const before = api.requested().filter((url) => url.startsWith('/api/city-twin')).length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(api.requested().filter((url) => url.startsWith('/api/city-twin')).length).toBe(
        before + 1,
      ),
    );
  });
});
