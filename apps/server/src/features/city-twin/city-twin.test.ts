import {
  apiErrorSchema,
  cityTwinSchema,
  MAX_SENSOR_LIST,
  SENSOR_THRESHOLDS,
  sensorCountsSchema,
  sensorListSchema,
  statsSchema,
  type CityTwin,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';
import type { SensorToRegister } from '../sensors/sensors.service';

/** More sensors than the plain list returns, so the twin is seen to hold the whole registry. */
const EXTRA = MAX_SENSOR_LIST + 600;

function extraSensor(i: number): SensorToRegister {
  return {
    id: `new-york-twin-${String(i).padStart(5, '0')}`,
    name: `Twin post ${i}`,
    type: i % 2 === 0 ? 'waste' : 'energy',
    city: 'new-york',
    location: 'Midtown',
    // Eight decimals, so the answer's rounding to six shows.
    lat: 40.7 + (i % 100) * 0.00123456,
    lng: -74.0 + Math.floor(i / 100) * 0.00123456,
    unit: i % 2 === 0 ? '%' : 'MW',
    status: i % 50 === 0 ? 'maintenance' : 'active',
    metadata: i % 2 === 0 ? {} : { ratedMw: 10 + (i % 7) },
  };
}

describe.each(testDatabases())('the city twin on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: Awaited<ReturnType<typeof createTestAppWithCallers>>['services'];
  let operator: string;
  let citizen: string;

  const get = (path: string, cookie = citizen) =>
    app.request(path, { headers: { Cookie: cookie } });
  const twinOf = async (city: string): Promise<CityTwin> => {
    const res = await get(`/api/city-twin?city=${city}`);
    expect(res.status).toBe(200);
    return cityTwinSchema.parse(await res.json());
  };
  /** The sensor at `id` in the twin's columns, as one object. */
  const sensorOf = (twin: CityTwin, id: string) => {
    const i = twin.sensors.id.indexOf(id);
    expect(i, id).toBeGreaterThanOrEqual(0);
    const { sensors } = twin;
    return {
      name: sensors.name[i],
      type: sensors.type[i],
      status: sensors.status[i],
      lat: sensors.lat[i],
      lng: sensors.lng[i],
      value: sensors.value[i],
      critical: sensors.critical[i],
    };
  };

  beforeAll(async () => {
    database = await create();
    ({ app, services, operator, citizen } = await createTestAppWithCallers(database, {
      // Raised by the first reading out of range: the rules' on-delays are tested apart.
      alertOnDelay: 'off',
    }));
    await services.sensors.register(Array.from({ length: EXTRA }, (_, i) => extraSensor(i)));
  });
  afterAll(() => database?.dispose());

  it('answers 401 to a caller who is not signed in', async () => {
    const res = await app.request('/api/city-twin?city=kolkata');
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(await res.json()).error.code).toBe('unauthorized');
  });

  it('answers 400 naming the city when it is missing or unknown', async () => {
    for (const query of ['', '?city=atlantis']) {
      const res = await get(`/api/city-twin${query}`);
      expect(res.status).toBe(400);
      const body = apiErrorSchema.parse(await res.json());
      expect(JSON.stringify(body.error.details)).toContain('city');
    }
  });

  it("holds every sensor of the city, as many as its counts and stats say, in the list's order", async () => {
    const twin = await twinOf('new-york');
    const counts = sensorCountsSchema.parse(
      await (await get('/api/sensors/counts?city=new-york')).json(),
    );
    const stats = statsSchema.parse(await (await get('/api/stats?city=new-york')).json());
    expect(twin.sensors.id).toHaveLength(counts.total);
    expect(counts.total).toBeGreaterThan(MAX_SENSOR_LIST);
    expect(stats.totalSensors).toBe(counts.total);
    expect(twin.sensors.status.filter((s) => s === 'active')).toHaveLength(stats.activeSensors);
    expect(new Set(twin.sensors.id).size).toBe(counts.total);

    const firstPage = sensorListSchema.parse(
      await (await get(`/api/sensors?city=new-york`)).json(),
    );
    expect(twin.sensors.id.slice(0, firstPage.length)).toEqual(firstPage.map((s) => s.id));
    for (const sensor of firstPage.slice(0, 50)) {
      expect(sensorOf(twin, sensor.id)).toMatchObject({
        name: sensor.name,
        type: sensor.type,
        status: sensor.status,
        lat: Math.round(sensor.lat * 1e6) / 1e6,
        lng: Math.round(sensor.lng * 1e6) / 1e6,
        value: sensor.value,
      });
    }
    expect(sensorOf(twin, 'new-york-twin-00151').lat).toBe(40.762963);
  });

  it("says where each sensor's value turns critical, by the shared thresholds", async () => {
    const twin = await twinOf('new-york');
    expect(sensorOf(twin, 'new-york-twin-00002').critical).toBe(SENSOR_THRESHOLDS.waste!.critical);
    // Energy: the rated load (critical at 100 % of it), in MW.
    expect(sensorOf(twin, 'new-york-twin-00003').critical).toBe(
      (SENSOR_THRESHOLDS.energy!.critical / 100) * (10 + 3),
    );
    const kolkata = await twinOf('kolkata');
    const population = kolkata.sensors.type.indexOf('population');
    const water = kolkata.sensors.type.indexOf('water');
    expect(kolkata.sensors.critical[population]).toBeNull();
    expect(kolkata.sensors.critical[water]).toBeNull();
  });

  it("carries a new reading's value and the active alert it raises, until it is resolved", async () => {
    const sensor = 'kolkata-traffic-howrah-bridge';
    const ingest = await postJson(
      app,
      '/api/ingest/readings',
      { readings: [{ sensorId: sensor, value: 97 }] },
      { cookie: operator },
    );
    expect(ingest.status).toBe(202);
    // The latest value follows with the fold; the alert is raised with the batch.
    await services.readingsFold.now();

    const twin = await twinOf('kolkata');
    expect(sensorOf(twin, sensor).value).toBe(97);
    const alert = twin.activeAlerts.find((a) => a.sensorId === sensor);
    expect(alert).toMatchObject({ severity: 'critical' });
    const stats = statsSchema.parse(await (await get('/api/stats?city=kolkata')).json());
    expect(twin.activeAlerts).toHaveLength(stats.alerts);
    expect(twin.activeAlerts.filter((a) => a.severity === 'critical')).toHaveLength(
      stats.criticalAlerts,
    );
    // Another city's twin knows nothing of it.
    expect((await twinOf('new-york')).activeAlerts.some((a) => a.id === alert!.id)).toBe(false);

    const resolved = await postJson(
      app,
      `/api/alerts/${alert!.id}/resolve`,
      {},
      { cookie: operator },
    );
    expect(resolved.status).toBe(200);
    expect((await twinOf('kolkata')).activeAlerts.some((a) => a.id === alert!.id)).toBe(false);
  });
});
