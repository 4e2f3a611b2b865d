import type { ReadingHistory, Sensor } from '@smart-city/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SensorMapProps } from '../../components/sensor-map/sensor-map';
import type { TimeSeriesChartProps } from '../../components/charts/time-series-chart';
import type { LiveSensor } from '../../lib/live/live-state';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { testSensor } from '../../test/live-fixtures';
import { renderRoute, signedIn } from '../../test/render';
import type { AuthContextValue } from '../../lib/auth/auth-types';
import type { LiveData } from '../../lib/live/live-reducer';
import { SensorsPage } from './sensors-page';

// MapLibre needs WebGL and recharts needs layout, neither of which jsdom has: stand-ins show what
// each was given.
vi.mock('../../components/sensor-map/sensor-map', () => ({
  SensorMap: ({ sensors, selectedId }: SensorMapProps) => (
    <ul data-testid="map-stub" data-selected={selectedId ?? ''}>
      {sensors.map((sensor) => (
        <li key={sensor.id}>{sensor.id}</li>
      ))}
    </ul>
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
    metadata: { metric: 'load', ratedMw: 40 },
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
}

/** A fake API: cities, the sensor list, histories and status changes; it records every call. */
function fakeApi({ sensors = SENSORS }: ServerOptions = {}) {
  const patches: { path: string; body: unknown }[] = [];
  let list = sensors === 'fail' ? [] : [...sensors];
  const fetchSpy = stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/cities') return jsonResponse(CITIES);
    if (url === '/api/sensors?city=kolkata') {
      if (sensors === 'fail') {
        return jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500);
      }
      return jsonResponse(list);
    }
    const readings = /^\/api\/sensors\/([^/]+)\/readings\?window=(\w+)$/.exec(url);
    if (readings) {
      return jsonResponse(history(readings[1]!, readings[2]!, readings[2] === '7d' ? 900 : 0));
    }
    const one = /^\/api\/sensors\/([^/?]+)$/.exec(url);
    if (one && method === 'PATCH') {
      const body = JSON.parse(String(init?.body)) as { status: Sensor['status'] };
      patches.push({ path: url, body });
      list = list.map((s) => (s.id === one[1] ? { ...s, status: body.status } : s));
      return jsonResponse(list.find((s) => s.id === one[1]));
    }
    if (one) {
      return jsonResponse({ error: { code: 'not_found', message: 'No such sensor' } }, 404);
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  const requested = () => fetchSpy.mock.calls.map(([input]) => String(input));
  return { patches, requested };
}

function openSensors(
  path = '/sensors',
  options: { auth?: AuthContextValue; live?: Partial<LiveData>; api?: ServerOptions } = {},
) {
  const api = fakeApi(options.api);
  const rendered = renderRoute(path, {
    auth: options.auth ?? signedIn({ role: 'operator' }),
    live: options.live,
    routes: [{ path: '/sensors', element: <SensorsPage /> }],
  });
  return { ...rendered, api };
}

function cards() {
  return screen.queryAllByTestId('sensor-card');
}

function filterButton(name: RegExp) {
  return within(screen.getByTestId('sensor-type-filter')).getByRole('button', { name });
}

function mapIds() {
  return within(screen.getByTestId('map-stub'))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('SensorsPage', () => {
  beforeEach(() => {
    // jsdom does no layout; opening a sensor from the list scrolls its details into view.
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('lists the sensors with status, value, unit and time of the last reading', async () => {
    openSensors();
    expect(await screen.findAllByTestId('sensor-card')).toHaveLength(5);
    const howrah = cards()[0]!;
    expect(within(howrah).getByTestId('sensor-name')).toHaveTextContent('Howrah Bridge Traffic');
    expect(within(howrah).getByTestId('sensor-value')).toHaveTextContent('40 %');
    expect(within(howrah).getByTestId('sensor-status')).toHaveTextContent('Active');
    expect(within(howrah).getByTestId('sensor-updated')).toHaveTextContent(/^Updated .+ ago$/);
    const water = cards()[4]!;
    expect(within(water).getByTestId('sensor-value')).toHaveTextContent('No reading yet');
    expect(within(water).getByTestId('sensor-status')).toHaveTextContent('Offline');
    expect(screen.getByTestId('sensor-shown-count')).toHaveTextContent('5 sensors shown');
  });

  it('counts All and each type from the list, and a type button shows exactly its count', async () => {
    openSensors();
    await screen.findAllByTestId('sensor-card');
    expect(filterButton(/^All/)).toHaveTextContent('All5');
    expect(filterButton(/^Traffic/)).toHaveTextContent('Traffic2');
    expect(filterButton(/^Air quality/)).toHaveTextContent('Air quality1');
    expect(filterButton(/^Energy/)).toHaveTextContent('Energy1');
    expect(filterButton(/^Waste/)).toHaveTextContent('Waste0');

    await userEvent.click(filterButton(/^Traffic/));
    expect(filterButton(/^Traffic/)).toHaveAttribute('aria-pressed', 'true');
    expect(cards().map((card) => card.dataset.sensorId)).toEqual([
      'kol-traffic-01',
      'kol-traffic-02',
    ]);
    // The map shows what the list shows.
    expect(mapIds()).toEqual(['kol-traffic-01', 'kol-traffic-02']);

    await userEvent.click(filterButton(/^Waste/));
    expect(cards()).toHaveLength(0);
    expect(screen.getByText('No sensors match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all sensors' }));
    expect(cards()).toHaveLength(5);
  });

  it('searches name, place and id, and the counts follow the search', async () => {
    openSensors();
    await screen.findAllByTestId('sensor-card');
    const search = screen.getByRole('searchbox', { name: 'Search sensors' });

    await userEvent.type(search, 'park street');
    expect(cards().map((card) => card.dataset.sensorId)).toEqual(['kol-traffic-02']);
    expect(filterButton(/^All/)).toHaveTextContent('All1');
    expect(filterButton(/^Traffic/)).toHaveTextContent('Traffic1');
    expect(filterButton(/^Energy/)).toHaveTextContent('Energy0');

    await userEvent.clear(search);
    await userEvent.type(search, 'Esplanade');
    expect(cards().map((card) => card.dataset.sensorId)).toEqual(['kol-energy-01']);

    await userEvent.clear(search);
    await userEvent.type(search, 'KOL-AIR');
    expect(cards().map((card) => card.dataset.sensorId)).toEqual(['kol-air-01']);
    expect(mapIds()).toEqual(['kol-air-01']);
  });

  it('shows the newer live value and status over the loaded list', async () => {
    const live: LiveSensor = {
      ...SENSORS[0]!,
      value: 87.5,
      lastReading: '2026-11-21T10:00:05.000Z',
      status: 'active',
      simulated: false,
    };
    const stale: LiveSensor = {
      ...SENSORS[2]!,
      value: 10,
      lastReading: '2026-11-21T09:00:00.000Z',
      status: 'maintenance',
      simulated: false,
    };
    openSensors('/sensors', {
      live: {
        connection: 'connected',
        city: 'kolkata',
        sensors: { [live.id]: live, [stale.id]: stale },
      },
    });
    await screen.findAllByTestId('sensor-card');
    expect(within(cards()[0]!).getByTestId('sensor-value')).toHaveTextContent('87.5 %');
    // An older live reading does not replace a newer loaded one; its status still counts.
    expect(within(cards()[2]!).getByTestId('sensor-value')).toHaveTextContent('132 AQI');
    expect(within(cards()[2]!).getByTestId('sensor-status')).toHaveTextContent('Maintenance');
  });

  it("ignores the fallback's simulated values and another city's live state", async () => {
    const simulated: LiveSensor = {
      ...SENSORS[0]!,
      value: 99,
      lastReading: '2026-11-21T11:00:00.000Z',
      simulated: true,
    };
    openSensors('/sensors', {
      live: { connection: 'disconnected', city: 'kolkata', sensors: { [simulated.id]: simulated } },
    });
    await screen.findAllByTestId('sensor-card');
    expect(within(cards()[0]!).getByTestId('sensor-value')).toHaveTextContent('40 %');
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
    expect(thresholds).toHaveTextContent('Warning at 34 MW (85 % of rated load)');
    expect(thresholds).toHaveTextContent('Critical at 40 MW (100 % of rated load)');
    expect(detail).toHaveTextContent('Rated load40 MW');
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
    expect(within(cards()[0]!).getByTestId('sensor-status')).toHaveTextContent('Maintenance');
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
