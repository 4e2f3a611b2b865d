import type {
  ReadingHistory,
  Sensor,
  SensorCounts,
  SensorRegistrationRequest,
} from '@smart-city/shared';
import { SENSOR_STATUSES, SENSOR_TYPES, SENSOR_UNITS } from '@smart-city/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SensorMapProps } from '../../components/sensor-map/sensor-map';
import type { TimeSeriesChartProps } from '../../components/charts/time-series-chart';
import { CITIES } from '../../test/city-fixtures';
import { jsonBodyOf, jsonResponse, requestedUrls, stubFetch } from '../../test/fetch-stub';
import { testSensor } from '../../test/live-fixtures';
import { createTestQueryClient, renderRoute, signedIn } from '../../test/render';
import type { AuthContextValue } from '../../lib/auth/auth-types';
import type { ConnectionState } from '../../lib/live/live-state';
import { sensorsLive } from '../../lib/sensors/sensors.live';
import { SensorsPage } from './sensors-page';

// MapLibre needs WebGL and recharts needs layout, neither of which jsdom has: stand-ins show what
// each was given.
vi.mock('../../components/sensor-map/sensor-map', () => ({
  SensorMap: ({ filter, selectedId, onSelect }: SensorMapProps) => (
    <div
      data-testid="map-stub"
      data-selected={selectedId ?? ''}
      data-filter={JSON.stringify(filter ?? {})}
    >
      <button type="button" onClick={() => onSelect?.('kol-air-01')}>
        Click the air sensor on the map
      </button>
    </div>
  ),
}));
vi.mock('../../components/charts/time-series-chart', () => ({
  TimeSeriesChart: ({ points, referenceLines, showRange }: TimeSeriesChartProps) => (
    <div data-testid="chart-stub" data-points={points.length} data-range={String(showRange)}>
      {referenceLines?.map((line) => `${line.label}=${line.value}`).join(';')}
    </div>
  ),
}));

const SENSORS: Sensor[] = [
  testSensor({ id: 'kol-traffic-01', name: 'Howrah Bridge Traffic', location: 'Howrah Bridge' }),
  testSensor({
    id: 'kol-traffic-02',
    name: 'Park Street Traffic',
    location: 'Park Street',
    value: 55,
  }),
  testSensor({
    id: 'kol-air-01',
    name: 'Victoria Memorial Air Quality',
    type: 'air_quality',
    location: 'Victoria Memorial',
    unit: 'AQI',
    value: 132,
  }),
  testSensor({
    id: 'kol-energy-01',
    name: 'Esplanade Energy Feeder',
    type: 'energy',
    location: 'Esplanade',
    unit: 'MW',
    value: 31.5,
    metadata: { metric: 'load', ratedMw: 40, landUse: 'office', feeder: 'F-12 Dalhousie' },
  }),
  testSensor({
    id: 'kol-water-01',
    name: 'Salt Lake Water Supply',
    type: 'water',
    location: 'Salt Lake Sector V',
    unit: 'ML/day',
    value: null,
    lastReading: null,
    status: 'offline',
  }),
];

function history(sensorId: string, window: string, bucketS = 0): ReadingHistory {
  return {
    sensorId,
    window: window as ReadingHistory['window'],
    bucketS,
    points: [
      { timestamp: '2026-11-21T10:00:00.000Z', value: 40, min: 38, max: 43 },
      { timestamp: '2026-11-21T09:55:00.000Z', value: 36, min: 35, max: 37 },
    ],
  };
}

interface ServerOptions {
  sensors?: Sensor[] | 'fail';
  /** The refusal `POST /api/sensors` answers with instead of registering. */
  refuseRegistration?: { status: number; code: string; message: string };
}

/** What the fake server's sensor endpoints read from a request: the filters of the API. */
function matching(list: Sensor[], params: URLSearchParams, facets: { type: boolean }) {
  const q = params.get('q')?.toLowerCase();
  const type = params.get('type');
  return list.filter(
    (s) =>
      (!facets.type || !type || s.type === type) &&
      (!q || [s.name, s.location, s.id].some((field) => field.toLowerCase().includes(q))),
  );
}

/**
 * A fake API: the sensor pages (by name, with cursors), their counts, single sensors, histories
 * and status changes; it records every call.
 */
function fakeApi({ sensors = SENSORS, refuseRegistration }: ServerOptions = {}) {
  const patches: { path: string; body: unknown }[] = [];
  const registrations: SensorRegistrationRequest[] = [];
  let list = sensors === 'fail' ? [] : [...sensors];
  const fail = () =>
    jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500);
  const fetchSpy = stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (url === '/api/cities') return jsonResponse(CITIES);
    if (pathname === '/api/sensors/counts') {
      if (sensors === 'fail') return fail();
      const all = matching(list, searchParams, { type: false });
      const counts: SensorCounts = {
        total: all.length,
        byType: Object.fromEntries(
          SENSOR_TYPES.map((t) => [t, all.filter((s) => s.type === t).length]),
        ) as SensorCounts['byType'],
        byStatus: Object.fromEntries(
          SENSOR_STATUSES.map((st) => [st, all.filter((s) => s.status === st).length]),
        ) as SensorCounts['byStatus'],
      };
      return jsonResponse(counts);
    }
    if (pathname === '/api/sensors' && method === 'POST') {
      const body = jsonBodyOf(init) as SensorRegistrationRequest;
      registrations.push(body);
      if (refuseRegistration) {
        const { status, ...error } = refuseRegistration;
        return jsonResponse({ error }, status);
      }
      // As the server does: ids already registered are kept, the others added.
      const known = new Set(list.map((s) => s.id));
      const fresh = body.sensors.filter((s) => !known.has(s.id));
      list = [
        ...list,
        ...fresh.map(({ id, name, type, city, location, lat, lng, unit }) =>
          testSensor({
            id,
            name,
            type,
            city,
            location,
            lat,
            lng,
            value: null,
            lastReading: null,
            unit: unit ?? SENSOR_UNITS[type],
          }),
        ),
      ];
      return jsonResponse({ added: fresh.length }, 201);
    }
    if (pathname === '/api/sensors') {
      if (sensors === 'fail') return fail();
      const found = matching(list, searchParams, { type: true }).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      );
      const limit = Number(searchParams.get('limit'));
      const from = Number(searchParams.get('cursor') ?? 0);
      const items = found.slice(from, from + limit);
      return jsonResponse({
        items,
        nextCursor: from + limit < found.length ? String(from + limit) : null,
        total: found.length,
      });
    }
    const readings = /^\/api\/sensors\/([^/]+)\/readings\?window=(\w+)$/.exec(url);
    if (readings) {
      return jsonResponse(history(readings[1]!, readings[2]!, readings[2] === '7d' ? 900 : 0));
    }
    const one = /^\/api\/sensors\/([^/?]+)$/.exec(url);
    if (one && method === 'PATCH') {
      const body = jsonBodyOf(init) as { status: Sensor['status'] };
      patches.push({ path: url, body });
      list = list.map((s) => (s.id === one[1] ? { ...s, status: body.status } : s));
      return jsonResponse(list.find((s) => s.id === one[1]));
    }
    if (one) {
      const sensor = list.find((s) => s.id === one[1]);
      return sensor
        ? jsonResponse(sensor)
        : jsonResponse({ error: { code: 'not_found', message: 'No such sensor' } }, 404);
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  const requested = () => requestedUrls(fetchSpy);
  return { patches, registrations, requested };
}

function openSensors(
  path = '/sensors',
  options: { auth?: AuthContextValue; api?: ServerOptions; connection?: ConnectionState } = {},
) {
  const api = fakeApi(options.api);
  const queryClient = createTestQueryClient();
  const rendered = renderRoute(path, {
    auth: options.auth ?? signedIn({ role: 'operator' }),
    connection: options.connection,
    queryClient,
    routes: [{ path: '/sensors', element: <SensorsPage /> }],
  });
  return { ...rendered, api, queryClient };
}

function cards() {
  return screen.queryAllByTestId('sensor-card');
}

function card(id: string) {
  const found = cards().find((c) => c.dataset.sensorId === id);
  if (!found) throw new Error(`no card of ${id}`);
  return found;
}

function filterButton(name: RegExp) {
  return within(screen.getByTestId('sensor-type-filter')).getByRole('button', { name });
}

function mapFilter() {
  return JSON.parse(screen.getByTestId('map-stub').dataset.filter ?? '{}') as Record<
    string,
    unknown
  >;
}

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');

beforeEach(() => {
  // jsdom does no layout: opening a sensor from the list scrolls its details into view, and the
  // list's scroll box gets the height a screen would give it.
  Element.prototype.scrollIntoView = vi.fn();
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'sensor-list-scroller' ? 456 : 0;
    },
  });
});
afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

describe('SensorsPage', () => {
  it('lists the sensors by name with status, value, unit and time of the last reading', async () => {
    openSensors();
    expect(await screen.findAllByTestId('sensor-card')).toHaveLength(5);
    expect(cards().map((c) => c.dataset.sensorId)).toEqual([
      'kol-energy-01',
      'kol-traffic-01',
      'kol-traffic-02',
      'kol-water-01',
      'kol-air-01',
    ]);
    const howrah = card('kol-traffic-01');
    expect(within(howrah).getByTestId('sensor-name')).toHaveTextContent('Howrah Bridge Traffic');
    expect(within(howrah).getByTestId('sensor-value')).toHaveTextContent('40.0 %');
    expect(within(howrah).getByTestId('sensor-status')).toHaveTextContent('Active');
    expect(within(howrah).getByTestId('sensor-updated')).toHaveTextContent('Updated 5 minutes ago');
    const water = card('kol-water-01');
    expect(within(water).getByTestId('sensor-value')).toHaveTextContent('No reading yet');
    expect(within(water).getByTestId('sensor-status')).toHaveTextContent('Offline');
    expect(screen.getByTestId('sensor-shown-count')).toHaveTextContent('5 sensors shown');
  });

  it('says what time the list and the chosen sensor are from while the live connection is down', async () => {
    const { unmount } = openSensors('/sensors?sensor=kol-traffic-01', {
      connection: 'disconnected',
    });
    // The tests' clock reads 10:05 UTC: 3:35 pm in Kolkata.
    expect(await screen.findByTestId('sensor-list-stale')).toHaveTextContent('as of 3:35 pm IST');
    expect(await screen.findByTestId('sensor-detail-stale')).toHaveTextContent('as of 3:35 pm IST');
    unmount();

    openSensors('/sensors?sensor=kol-traffic-01', { connection: 'connected' });
    await screen.findByTestId('sensor-detail');
    expect(screen.queryByTestId('sensor-list-stale')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sensor-detail-stale')).not.toBeInTheDocument();
  });

  it("shows how far a reading is past its thresholds apart from the device's health", async () => {
    openSensors();
    // AQI 132 is past the warning line (100): said in a word beside the value, while the device
    // itself is working ('Active').
    const air = await waitFor(() => card('kol-air-01'));
    expect(within(air).getByTestId('sensor-value')).toHaveAttribute('data-level', 'warning');
    expect(within(air).getByTestId('sensor-level')).toHaveTextContent('Warning');
    expect(within(air).getByTestId('sensor-status')).toHaveTextContent('Active');
    // Traffic at 40 % is in range: no level.
    const howrah = card('kol-traffic-01');
    expect(within(howrah).getByTestId('sensor-value')).toHaveAttribute('data-level', 'normal');
    expect(within(howrah).queryByTestId('sensor-level')).not.toBeInTheDocument();
  });

  it("shows the server's counts per type, and a type narrows the list and the map alike", async () => {
    const { api } = openSensors();
    await screen.findAllByTestId('sensor-card');
    expect(filterButton(/^All/)).toHaveTextContent('All5');
    expect(filterButton(/^Traffic/)).toHaveTextContent('Traffic2');
    expect(filterButton(/^Air quality/)).toHaveTextContent('Air quality1');
    expect(filterButton(/^Energy/)).toHaveTextContent('Energy1');
    expect(filterButton(/^Waste/)).toHaveTextContent('Waste0');

    await userEvent.click(filterButton(/^Traffic/));
    expect(filterButton(/^Traffic/)).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(cards().map((c) => c.dataset.sensorId)).toEqual(['kol-traffic-01', 'kol-traffic-02']),
    );
    expect(api.requested()).toContain('/api/sensors?city=kolkata&type=traffic&sort=name&limit=100');
    // The map shows what the list shows.
    expect(mapFilter()).toEqual({ type: 'traffic', q: '' });

    await userEvent.click(filterButton(/^Waste/));
    expect(await screen.findByText('No sensors match')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Show all sensors' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
  });

  it('asks the server to search name, place and id, and the counts follow the search', async () => {
    const { api } = openSensors();
    await screen.findAllByTestId('sensor-card');
    const search = screen.getByRole('searchbox', { name: 'Search sensors' });

    await userEvent.type(search, 'park street');
    await waitFor(() => expect(cards().map((c) => c.dataset.sensorId)).toEqual(['kol-traffic-02']));
    expect(filterButton(/^All/)).toHaveTextContent('All1');
    expect(filterButton(/^Traffic/)).toHaveTextContent('Traffic1');
    expect(filterButton(/^Energy/)).toHaveTextContent('Energy0');
    // Typing settles before the server is asked: not once per letter.
    const searches = api
      .requested()
      .filter((url) => url.startsWith('/api/sensors?') && url.includes('q='));
    expect(searches).toEqual(['/api/sensors?city=kolkata&q=park+street&sort=name&limit=100']);

    await userEvent.clear(search);
    await userEvent.type(search, 'Esplanade');
    await waitFor(() => expect(cards().map((c) => c.dataset.sensorId)).toEqual(['kol-energy-01']));

    await userEvent.clear(search);
    await userEvent.type(search, 'KOL-AIR{Enter}');
    await waitFor(() => expect(cards().map((c) => c.dataset.sensorId)).toEqual(['kol-air-01']));
    expect(mapFilter()).toEqual({ q: 'KOL-AIR' });
  });

  it('follows live readings and status changes, never going back to an older reading', async () => {
    const { queryClient } = openSensors('/sensors');
    await screen.findAllByTestId('sensor-card');
    const context = { queryClient, city: 'kolkata' as const };
    act(() => {
      sensorsLive.handlers.readings!(
        {
          city: 'kolkata',
          readings: [
            {
              sensorId: 'kol-traffic-01',
              value: 87.5,
              unit: '%',
              timestamp: '2026-11-21T10:00:05.000Z',
            },
            {
              sensorId: 'kol-air-01',
              value: 10,
              unit: 'AQI',
              timestamp: '2026-11-21T09:00:00.000Z',
            },
          ],
        },
        context,
      );
      sensorsLive.handlers['sensor:updated']!(
        { id: 'kol-air-01', city: 'kolkata', status: 'maintenance', metadata: {} },
        context,
      );
    });
    await waitFor(() =>
      expect(within(card('kol-traffic-01')).getByTestId('sensor-value')).toHaveTextContent(
        '87.5 %',
      ),
    );
    // An older reading does not replace a newer loaded one; the status change still counts.
    expect(within(card('kol-air-01')).getByTestId('sensor-value')).toHaveTextContent('132 AQI');
    expect(within(card('kol-air-01')).getByTestId('sensor-status')).toHaveTextContent(
      'Maintenance',
    );
  });

  it('opens the sensor clicked on the map, and the list marks it', async () => {
    const { router } = openSensors();
    await screen.findAllByTestId('sensor-card');
    await userEvent.click(screen.getByRole('button', { name: 'Click the air sensor on the map' }));
    expect(router.state.location.search).toBe('?sensor=kol-air-01');
    const detail = await screen.findByTestId('sensor-detail');
    expect(
      within(detail).getByRole('heading', { name: 'Victoria Memorial Air Quality' }),
    ).toBeVisible();
    expect(card('kol-air-01')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('map-stub')).toHaveAttribute('data-selected', 'kol-air-01');
  });

  it('opens a deep-linked sensor with its 24h history and requests each window it is switched to', async () => {
    const { api } = openSensors('/sensors?sensor=kol-traffic-01');
    const detail = await screen.findByTestId('sensor-detail');
    expect(within(detail).getByRole('heading', { name: 'Howrah Bridge Traffic' })).toBeVisible();
    expect(await within(detail).findByTestId('chart-stub')).toHaveAttribute('data-points', '2');
    expect(api.requested()).toContain('/api/sensors/kol-traffic-01/readings?window=24h');
    expect(within(detail).getByRole('button', { name: '24h' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('map-stub')).toHaveAttribute('data-selected', 'kol-traffic-01');

    await userEvent.click(within(detail).getByRole('button', { name: '1h' }));
    expect(within(detail).getByRole('button', { name: '1h' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await vi.waitFor(() =>
      expect(api.requested()).toContain('/api/sensors/kol-traffic-01/readings?window=1h'),
    );

    await userEvent.click(within(detail).getByRole('button', { name: '7d' }));
    await vi.waitFor(() =>
      expect(api.requested()).toContain('/api/sensors/kol-traffic-01/readings?window=7d'),
    );
    // A bucketed window draws the min-max band.
    await vi.waitFor(() =>
      expect(within(detail).getByTestId('chart-stub')).toHaveAttribute('data-range', 'true'),
    );
    expect(api.requested().filter((url) => url.includes('/readings?'))).toEqual([
      '/api/sensors/kol-traffic-01/readings?window=24h',
      '/api/sensors/kol-traffic-01/readings?window=1h',
      '/api/sensors/kol-traffic-01/readings?window=7d',
    ]);
  });

  it('draws the thresholds of the type, and energy thresholds in MW of the rated load', async () => {
    openSensors('/sensors?sensor=kol-energy-01');
    const detail = await screen.findByTestId('sensor-detail');
    expect(await within(detail).findByTestId('chart-stub')).toHaveTextContent(
      'Warning=34;High=38;Critical=40',
    );
    const thresholds = within(detail).getByTestId('sensor-thresholds');
    expect(thresholds).toHaveTextContent('Warning at 34.0 MW (85 % of rated load)');
    expect(thresholds).toHaveTextContent('Critical at 40.0 MW (100 % of rated load)');
    expect(detail).toHaveTextContent('Rated load40 MW');
  });

  it("names the metadata the platform knows in the reader's words and the city's own as written", async () => {
    openSensors('/sensors?sensor=kol-energy-01');
    const detail = await screen.findByTestId('sensor-detail');
    expect(detail).toHaveTextContent('MetricElectric load');
    expect(detail).toHaveTextContent('Land useOffices');
    expect(within(detail).getByText('F-12 Dalhousie')).toHaveAttribute('translate', 'no');
  });

  it('opens a sensor from the list and closes it again', async () => {
    const { router } = openSensors();
    await screen.findAllByTestId('sensor-card');
    await userEvent.click(screen.getByRole('button', { name: /Victoria Memorial Air Quality/ }));
    expect(router.state.location.search).toBe('?sensor=kol-air-01');
    const detail = screen.getByTestId('sensor-detail');
    expect(within(detail).getByText('Warning at 100 AQI')).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Close details' }));
    expect(screen.queryByTestId('sensor-detail')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it("says until when a sensor is in a maintenance window, on the city's clock", async () => {
    const sensors = SENSORS.map((sensor) =>
      sensor.id === 'kol-traffic-01'
        ? { ...sensor, maintenanceUntil: '2026-11-21T12:30:00.000Z' }
        : sensor,
    );
    openSensors('/sensors?sensor=kol-traffic-01', { api: { sensors } });
    const detail = await screen.findByTestId('sensor-detail');
    expect(await within(detail).findByTestId('sensor-maintenance-until')).toHaveTextContent(
      'In maintenance until 21 Nov 2026, 6:00 pm IST',
    );
    // Its own status is left as it was: a window is not the manual maintenance status.
    expect(within(detail).getByTestId('sensor-status')).toHaveTextContent('Active');
  });

  it('says nothing of maintenance for a sensor no window covers', async () => {
    openSensors('/sensors?sensor=kol-air-01');
    const detail = await screen.findByTestId('sensor-detail');
    expect(within(detail).queryByTestId('sensor-maintenance-until')).not.toBeInTheDocument();
  });

  it('says so when a deep-linked sensor does not exist', async () => {
    openSensors('/sensors?sensor=nowhere-01');
    expect(await screen.findByTestId('sensor-detail-missing')).toHaveTextContent(
      'Sensor not found',
    );
  });

  it.each([
    ['operator', true],
    ['admin', true],
    ['citizen', false],
  ] as const)('shows the maintenance button to a %s: %s', async (role, shown) => {
    openSensors('/sensors?sensor=kol-traffic-01', { auth: signedIn({ role }) });
    const detail = await screen.findByTestId('sensor-detail');
    expect(within(detail).queryByRole('button', { name: 'Put into maintenance' }) !== null).toBe(
      shown,
    );
  });

  it('puts a sensor into maintenance and back, showing the change at once', async () => {
    const { api } = openSensors('/sensors?sensor=kol-traffic-01', {
      auth: signedIn({ role: 'operator' }),
    });
    const detail = await screen.findByTestId('sensor-detail');
    await userEvent.click(within(detail).getByRole('button', { name: 'Put into maintenance' }));
    expect(await within(detail).findByRole('button', { name: 'Return to service' })).toBeVisible();
    expect(within(detail).getByTestId('sensor-status')).toHaveTextContent('Maintenance');
    expect(within(card('kol-traffic-01')).getByTestId('sensor-status')).toHaveTextContent(
      'Maintenance',
    );
    expect(await screen.findByText('Howrah Bridge Traffic is in maintenance')).toBeInTheDocument();

    await userEvent.click(within(detail).getByRole('button', { name: 'Return to service' }));
    expect(
      await within(detail).findByRole('button', { name: 'Put into maintenance' }),
    ).toBeVisible();
    expect(within(detail).getByTestId('sensor-status')).toHaveTextContent('Active');
    expect(api.patches).toEqual([
      { path: '/api/sensors/kol-traffic-01', body: { status: 'maintenance' } },
      { path: '/api/sensors/kol-traffic-01', body: { status: 'active' } },
    ]);
  });

  it('shows an error with a retry when the sensors cannot be loaded', async () => {
    openSensors('/sensors', { api: { sensors: 'fail' } });
    expect(await screen.findByTestId('sensors-error')).toHaveTextContent(
      'The sensors could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('says when the city has no sensors', async () => {
    openSensors('/sensors', { api: { sensors: [] } });
    expect(await screen.findByText('No sensors in Kolkata yet')).toBeVisible();
  });
});

describe('SensorsPage with a large registry', () => {
  const MANY = Array.from({ length: 1_000 }, (_, i) =>
    testSensor({
      id: `kol-bin-${String(i).padStart(4, '0')}`,
      name: `Bin ${String(i).padStart(4, '0')}`,
      type: 'waste',
      location: `Lane ${i}`,
      value: i % 100,
    }),
  );

  it(
    'draws only the rows in view and loads the next pages as the reader scrolls',
    { timeout: 20_000 },
    async () => {
      const { api } = openSensors('/sensors', { api: { sensors: MANY } });
      await screen.findAllByTestId('sensor-card');
      expect(screen.getByTestId('sensor-shown-count')).toHaveTextContent('1,000 sensors shown');
      // A screenful and a margin, not a thousand rows.
      expect(cards().length).toBeLessThan(25);
      expect(cards()[0]!.closest('li')).toHaveAttribute('aria-setsize', '1000');
      const pages = () => api.requested().filter((url) => url.startsWith('/api/sensors?'));
      expect(pages()).toEqual(['/api/sensors?city=kolkata&sort=name&limit=100']);

      const scroller = screen.getByTestId('sensor-list-scroller');
      for (let row = 90; row <= 990; row += 90) {
        scroller.scrollTop = row * 76;
        fireEvent.scroll(scroller);
        await waitFor(() =>
          expect(cards().map((c) => c.dataset.sensorId)).toContain(
            `kol-bin-${String(row).padStart(4, '0')}`,
          ),
        );
      }
      scroller.scrollTop = 1_000 * 76;
      fireEvent.scroll(scroller);
      await waitFor(() =>
        expect(cards()[cards().length - 1]!.closest('li')).toHaveAttribute('aria-posinset', '1000'),
      );
      expect(pages()).toHaveLength(10);
      expect(pages()[1]).toBe('/api/sensors?city=kolkata&sort=name&limit=100&cursor=100');
      expect(cards().length).toBeLessThan(25);
    },
  );

  it('updates only the rows whose sensor a live batch changed', async () => {
    const { queryClient } = openSensors('/sensors', { api: { sensors: MANY } });
    await screen.findAllByTestId('sensor-card');
    const before = new Map(cards().map((c) => [c.dataset.sensorId, c]));
    act(() =>
      sensorsLive.handlers.readings!(
        {
          city: 'kolkata',
          readings: [
            {
              sensorId: 'kol-bin-0001',
              value: 77,
              unit: '%',
              timestamp: '2026-11-21T10:01:00.000Z',
            },
            // Far down the list, not loaded: nothing to do.
            {
              sensorId: 'kol-bin-0900',
              value: 5,
              unit: '%',
              timestamp: '2026-11-21T10:01:00.000Z',
            },
          ],
        },
        { queryClient, city: 'kolkata' },
      ),
    );
    await waitFor(() =>
      expect(within(card('kol-bin-0001')).getByTestId('sensor-value')).toHaveTextContent('77.0 %'),
    );
    expect(within(card('kol-bin-0002')).getByTestId('sensor-value')).toHaveTextContent('2.0 %');
    // Rows are kept, not rebuilt: the same elements are on screen.
    expect(card('kol-bin-0002')).toBe(before.get('kol-bin-0002'));
  });
});

/** A file as the file input hands it over. */
function sensorFile(name: string, text: string) {
  return new File([text], name, { type: name.endsWith('.json') ? 'application/json' : 'text/csv' });
}

const CSV_HEADER = 'id,name,type,city,location,lat,lng,unit,status';

describe('SensorsPage registering sensors', () => {
  it.each([
    ['admin', true],
    ['operator', false],
    ['citizen', false],
  ] as const)('offers adding and importing sensors to an %s: %s', async (role, shown) => {
    openSensors('/sensors', { auth: signedIn({ role }) });
    await screen.findAllByTestId('sensor-card');
    expect(screen.queryByRole('button', { name: 'Add sensor' }) !== null).toBe(shown);
    expect(screen.queryByRole('button', { name: 'Import file' }) !== null).toBe(shown);
  });

  it('offers them to an admin of a city without sensors yet', async () => {
    openSensors('/sensors', { auth: signedIn({ role: 'admin' }), api: { sensors: [] } });
    expect(await screen.findByText('No sensors in Kolkata yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import file' })).toBeVisible();
  });

  it('shows the rows of a CSV file that are wrong and sends nothing', async () => {
    const { api } = openSensors('/sensors', { auth: signedIn({ role: 'admin' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Import file' }));
    const csv = [
      CSV_HEADER,
      'kol-air-100,Gariahat Air,air_quality,kolkata,Gariahat,22.518,88.365,,',
      'kol-air-101,"Ballygunge, Phari",air_quality,kolkata,Ballygunge,95,88.36,,',
      'kol-air-102,Jadavpur Air,smell,kolkata,Jadavpur,22.49,88.37,,',
      'kol-air-100,Gariahat Again,air_quality,kolkata,Gariahat,22.518,88.365,,',
    ].join('\n');
    await userEvent.upload(screen.getByLabelText('File (CSV or JSON)'), sensorFile('new.csv', csv));
    const problems = await screen.findByTestId('import-sensors-problems');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 3: “lat” is out of range or too long.',
      'Row 4: “type” is not one of the allowed values.',
    ]);
    expect(screen.getByTestId('import-sensors-submit')).toBeDisabled();
    expect(api.registrations).toEqual([]);
  });

  it('names an id given twice by the row it repeats', async () => {
    openSensors('/sensors', { auth: signedIn({ role: 'admin' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Import file' }));
    const csv = [
      CSV_HEADER,
      'kol-air-100,Gariahat Air,air_quality,kolkata,Gariahat,22.518,88.365,,',
      'kol-air-100,Gariahat Again,air_quality,kolkata,Gariahat,22.518,88.365,,',
    ].join('\r\n');
    await userEvent.upload(screen.getByLabelText('File (CSV or JSON)'), sensorFile('new.csv', csv));
    expect(await screen.findByTestId('import-sensors-problems')).toHaveTextContent(
      'Row 3: the ID repeats the one of row 2.',
    );
  });

  it('posts a good CSV file, says how many were added, and lists the new sensors', async () => {
    const { api } = openSensors('/sensors', { auth: signedIn({ role: 'admin' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Import file' }));
    const csv = [
      CSV_HEADER,
      'kol-air-100,"Gariahat ""Crossing"" Air",air_quality,kolkata,Gariahat,22.518,88.365,,',
      'kol-water-100,Tala Tank,water,kolkata,Tala,22.6,88.38,kL/h,maintenance',
      // Already registered: kept as it is.
      'kol-traffic-01,Howrah Bridge Traffic,traffic,kolkata,Howrah Bridge,22.585,88.347,,',
      '',
    ].join('\n');
    await userEvent.upload(screen.getByLabelText('File (CSV or JSON)'), sensorFile('new.csv', csv));
    expect(await screen.findByTestId('import-sensors-ready')).toHaveTextContent(
      '3 sensors in new.csv are ready to add.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add 3 sensors' }));
    const done = await screen.findByTestId('sensor-register-done');
    expect(done).toHaveTextContent('Added 2 of 3 sensors');
    expect(done).toHaveTextContent('1 was registered already and is kept as it was.');
    expect(api.registrations).toEqual([
      {
        sensors: [
          {
            id: 'kol-air-100',
            name: 'Gariahat "Crossing" Air',
            type: 'air_quality',
            city: 'kolkata',
            location: 'Gariahat',
            lat: 22.518,
            lng: 88.365,
          },
          {
            id: 'kol-water-100',
            name: 'Tala Tank',
            type: 'water',
            city: 'kolkata',
            location: 'Tala',
            lat: 22.6,
            lng: 88.38,
            unit: 'kL/h',
            status: 'maintenance',
          },
          {
            id: 'kol-traffic-01',
            name: 'Howrah Bridge Traffic',
            type: 'traffic',
            city: 'kolkata',
            location: 'Howrah Bridge',
            lat: 22.585,
            lng: 88.347,
          },
        ],
      },
    ]);
    // The list is asked for again and holds the new sensors.
    await waitFor(() => expect(cards()).toHaveLength(SENSORS.length + 2));
    expect(screen.getByTestId('sensor-shown-count')).toHaveTextContent('7 sensors shown');
  });

  it('sends a JSON file of more than a batch in batches of at most 5,000', async () => {
    const { api } = openSensors('/sensors', { auth: signedIn({ role: 'admin' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Import file' }));
    const many = Array.from({ length: 5_001 }, (_, i) => ({
      id: `kol-bin-${i}`,
      name: `Bin ${i}`,
      type: 'waste',
      city: 'kolkata',
      location: 'New Market',
      lat: 22.56,
      lng: 88.35,
    }));
    await userEvent.upload(
      screen.getByLabelText('File (CSV or JSON)'),
      sensorFile('bins.json', JSON.stringify(many)),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add 5,001 sensors' }));
    expect(await screen.findByTestId('sensor-register-done')).toHaveTextContent(
      'Added 5,001 of 5,001 sensors',
    );
    expect(api.registrations.map((body) => body.sensors.length)).toEqual([5_000, 1]);
  });

  it("shows the server's refusal", async () => {
    openSensors('/sensors', {
      auth: signedIn({ role: 'admin' }),
      api: {
        refuseRegistration: {
          status: 400,
          code: 'invalid_input',
          message: 'Invalid input: sensors.0.city is not served here',
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Import file' }));
    const csv = `${CSV_HEADER}\nkol-air-100,Gariahat Air,air_quality,kolkata,Gariahat,22.518,88.365,,`;
    await userEvent.upload(screen.getByLabelText('File (CSV or JSON)'), sensorFile('one.csv', csv));
    await userEvent.click(await screen.findByRole('button', { name: 'Add 1 sensor' }));
    const error = await screen.findByTestId('sensor-register-error');
    expect(error).toHaveTextContent('The sensors could not be added');
    expect(error).toHaveTextContent('Invalid input: sensors.0.city is not served here');
  });

  it('adds one sensor typed in, checking its fields first', async () => {
    const { api } = openSensors('/sensors', { auth: signedIn({ role: 'admin' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add sensor' }));
    const form = screen.getByTestId('add-sensor-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Add sensor' }));
    expect(within(form).getAllByText('Required')).toHaveLength(5);
    expect(api.registrations).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Sensor ID'), 'kol-energy-900');
    await userEvent.type(within(form).getByLabelText('Name'), 'Dalhousie Feeder');
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'Energy');
    await userEvent.type(within(form).getByLabelText('Area or place'), 'Dalhousie');
    await userEvent.type(within(form).getByLabelText('Latitude'), '122.57');
    await userEvent.type(within(form).getByLabelText('Longitude'), '88.35');
    expect(within(form).getByText('Left empty: MW, the unit of the type.')).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Add sensor' }));
    expect(within(form).getByText('Between -90 and 90')).toBeVisible();

    await userEvent.clear(within(form).getByLabelText('Latitude'));
    await userEvent.type(within(form).getByLabelText('Latitude'), '22.57');
    await userEvent.click(within(form).getByRole('button', { name: 'Add sensor' }));
    expect(await within(form).findByTestId('sensor-register-done')).toHaveTextContent(
      'Added 1 of 1 sensor',
    );
    expect(api.registrations).toEqual([
      {
        sensors: [
          {
            id: 'kol-energy-900',
            name: 'Dalhousie Feeder',
            type: 'energy',
            city: 'kolkata',
            location: 'Dalhousie',
            lat: 22.57,
            lng: 88.35,
          },
        ],
      },
    ]);
    expect(within(form).getByLabelText('Sensor ID')).toHaveValue('');
  });
});
