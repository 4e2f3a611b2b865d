import {
  MAX_SENSOR_LIST,
  apiErrorSchema,
  sensorClustersSchema,
  sensorCountsSchema,
  sensorListSchema,
  sensorPageSchema,
  worstStatus,
  type Sensor,
  type SensorStatus,
} from '@smart-city/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSensorsFor } from '../../db/seed';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  type createTestApp,
  type createTestServices,
} from '../../test/test-app';
import type { SensorToRegister } from './sensors.service';

/** A grid of extra sensors in Kharagpur, south-west to north-east, so areas hold known sensors. */
const GRID = 80;
const EXTRA = GRID * GRID; // 6,400: more than the plain list's cap
const TYPES = ['traffic', 'air_quality', 'energy', 'water', 'waste', 'population'] as const;

function gridSensor(i: number): SensorToRegister {
  const row = Math.floor(i / GRID);
  const col = i % GRID;
  const type = TYPES[i % TYPES.length]!;
  return {
    id: `kharagpur-grid-${String(i).padStart(5, '0')}`,
    name: `Grid ${row}-${col} ${i % 97 === 0 ? 'Lighthouse' : 'Post'}`,
    type,
    city: 'kharagpur',
    location: i % 50 === 0 ? 'Hijli Grid' : `Block ${row}`,
    // Inside the city bounds (22.29–22.39 N, 87.27–87.37 E), 0.001° apart.
    lat: 22.3 + row * 0.001,
    lng: 87.28 + col * 0.001,
    unit: '%',
    status: i % 40 === 0 ? 'offline' : i % 45 === 0 ? 'maintenance' : 'active',
  };
}

describe.each(testDatabases())('the sensor registry at scale on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: ReturnType<typeof createTestServices>;
  let citizen: string;
  const events = createTestEvents();
  let seededKharagpur: number;

  const get = (path: string) => app.request(path, { headers: { Cookie: citizen } });
  const page = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return sensorPageSchema.parse(await res.json());
  };
  /** Every sensor of a filtered list, read page by page. */
  async function walk(query: string, limit: number) {
    const seen: Sensor[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p = await page(
        `/api/sensors?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...p.items);
      cursor = p.nextCursor;
      pages++;
    } while (cursor);
    return { seen, pages };
  }

  beforeAll(async () => {
    database = await create();
    ({ app, services, citizen } = await createTestAppWithCallers(database, { events }));
    seededKharagpur = (await services.sensors.list({ city: 'kharagpur' })).total;
    const grid = Array.from({ length: EXTRA }, (_, i) => gridSensor(i));
    expect(await services.sensors.register(grid)).toBe(EXTRA);
    // Registered sensors are pending until heard from: these stand for sensors that have reported.
    for (const status of ['active', 'offline'] as const) {
      await database.db
        .updateTable('sensors')
        .set({ status })
        .where(
          'id',
          'in',
          grid.filter((s) => s.status === status).map((s) => s.id),
        )
        .execute();
    }
  }, 60_000);
  afterAll(() => database?.dispose());

  it('answers a page with the total, and the pages together are the whole list without repeats', async () => {
    const first = await page('/api/sensors?city=kharagpur&limit=500');
    expect(first.items).toHaveLength(500);
    expect(first.total).toBe(seededKharagpur + EXTRA);
    expect(first.nextCursor).toEqual(expect.any(String));

    const { seen, pages } = await walk('city=kharagpur&type=water', 250);
    const ids = seen.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const gridWater = Array.from({ length: EXTRA }, (_, i) => gridSensor(i)).filter(
      (s) => s.type === 'water',
    ).length;
    const seededWater = seedSensorsFor('kharagpur').filter((s) => s.type === 'water').length;
    expect(ids).toHaveLength(gridWater + seededWater);
    expect(pages).toBe(Math.ceil(ids.length / 250));
    expect(seen.every((s) => s.type === 'water' && s.city === 'kharagpur')).toBe(true);
    // The registry order: by city, then id.
    expect(ids).toEqual([...ids].sort());
  });

  it('keeps its place when sensors are added or removed before the cursor', async () => {
    const first = await page('/api/sensors?city=kharagpur&status=maintenance&limit=20');
    const last = first.items[first.items.length - 1]!;
    // A sensor that sorts before the cursor appears meanwhile: the next page neither repeats nor skips.
    await services.sensors.register([
      {
        ...gridSensor(0),
        id: 'kharagpur-grid-00000-a',
        name: 'Added later',
        location: 'Added later',
        lat: 22.35,
        lng: 87.36,
        status: 'maintenance',
      },
    ]);
    const second = await page(
      `/api/sensors?city=kharagpur&status=maintenance&limit=20&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.items[0]!.id > last.id).toBe(true);
    expect(second.items.map((s) => s.id)).not.toContain('kharagpur-grid-00000-a');
    expect(second.total).toBe(first.total + 1);
  });

  it('sorts by name with its own cursor', async () => {
    const { seen } = await walk('city=kharagpur&q=lighthouse&sort=name', 7);
    const names = seen.map((s) => s.name);
    expect(names.length).toBe(Math.ceil(EXTRA / 97));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // A cursor of one order is refused by another.
    const byName = await page('/api/sensors?city=kharagpur&sort=name&limit=5');
    const res = await get(`/api/sensors?city=kharagpur&sort=id&cursor=${byName.nextCursor}`);
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(await res.json()).error.code).toBe('invalid_input');
  });

  it('searches name, place and id, case-insensitively, with like-characters taken literally', async () => {
    const byPlace = await page('/api/sensors?q=hijli%20GRID&limit=500');
    expect(byPlace.total).toBe(EXTRA / 50);
    expect(byPlace.items.every((s) => s.location === 'Hijli Grid')).toBe(true);
    const byId = await page('/api/sensors?q=grid-00042&limit=5');
    expect(byId.items.map((s) => s.id)).toEqual(['kharagpur-grid-00042']);
    expect((await page('/api/sensors?q=%25&limit=5')).total).toBe(0);
    expect((await page('/api/sensors?q=Howrah&limit=50')).items.map((s) => s.city)).toEqual(
      expect.arrayContaining(['kolkata']),
    );
    // An empty search is no search.
    expect((await page('/api/sensors?city=kolkata&q=&limit=1')).total).toBe(
      (await page('/api/sensors?city=kolkata&limit=1')).total,
    );
  });

  it('narrows to a map area', async () => {
    // Rows 10–19 and columns 20–29 of the grid: 100 sensors.
    const bbox = [
      87.28 + 0.02 - 0.0001,
      22.3 + 0.01 - 0.0001,
      87.28 + 0.029 + 0.0001,
      22.3 + 0.019 + 0.0001,
    ];
    const { seen } = await walk(`city=kharagpur&bbox=${bbox.join(',')}`, 30);
    // The grid's 100, and the seeded sensors of the campus that stand in the area.
    const inside = (s: { lat: number; lng: number }) =>
      s.lng >= bbox[0]! && s.lng <= bbox[2]! && s.lat >= bbox[1]! && s.lat <= bbox[3]!;
    expect(seen.filter((s) => s.id.startsWith('kharagpur-grid-'))).toHaveLength(100);
    expect(seen).toHaveLength(100 + seedSensorsFor('kharagpur').filter(inside).length);
    for (const s of seen) {
      expect(s.lng).toBeGreaterThanOrEqual(bbox[0]!);
      expect(s.lng).toBeLessThanOrEqual(bbox[2]!);
      expect(s.lat).toBeGreaterThanOrEqual(bbox[1]!);
      expect(s.lat).toBeLessThanOrEqual(bbox[3]!);
    }
  });

  it('caps the plain list at 5,000 and says how many matched', async () => {
    const res = await get('/api/sensors?city=kharagpur');
    expect(res.status).toBe(200);
    const list = sensorListSchema.parse(await res.json());
    expect(list).toHaveLength(MAX_SENSOR_LIST);
    expect(Number(res.headers.get('X-Total-Count'))).toBe(seededKharagpur + EXTRA + 1);
    expect(list.map((s) => s.id)).toEqual(list.map((s) => s.id).sort());

    const small = await get('/api/sensors?city=kolkata&type=traffic');
    const traffic = sensorListSchema.parse(await small.json());
    expect(Number(small.headers.get('X-Total-Count'))).toBe(traffic.length);
    expect(traffic.every((s) => s.type === 'traffic')).toBe(true);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'cursor'],
    ['bbox=1,2,3', 'bbox'],
    ['bbox=88.5,22.4,88.2,22.7', 'bbox'],
    ['bbox=a,b,c,d', 'bbox'],
    ['bbox=0,0,200,10', 'bbox'],
    ['sort=value', 'sort'],
    ['status=broken', 'status'],
    ['city=atlantis&limit=5', 'city'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await get(`/api/sensors?${query}`);
    expect(res.status).toBe(400);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.error.code).toBe('invalid_input');
    expect(JSON.stringify(body.error.details)).toContain(field);
  });

  it('needs a signed-in caller', async () => {
    expect((await app.request('/api/sensors?limit=5')).status).toBe(401);
    expect((await app.request('/api/sensors/counts')).status).toBe(401);
    expect((await app.request('/api/sensors/clusters?zoom=3')).status).toBe(401);
  });

  it('counts per type within the status and per status within the type', async () => {
    const res = await get('/api/sensors/counts?city=kharagpur&type=traffic&status=offline');
    expect(res.status).toBe(200);
    const counts = sensorCountsSchema.parse(await res.json());
    const grid = Array.from({ length: EXTRA }, (_, i) => gridSensor(i));
    const offline = (await page('/api/sensors?city=kharagpur&status=offline&limit=1')).total;
    expect(Object.values(counts.byType).reduce((a, b) => a + b, 0)).toBe(offline);
    expect(counts.byType.traffic).toBe(
      grid.filter((s) => s.type === 'traffic' && s.status === 'offline').length,
    );
    const traffic = (await page('/api/sensors?city=kharagpur&type=traffic&limit=1')).total;
    expect(Object.values(counts.byStatus).reduce((a, b) => a + b, 0)).toBe(traffic);
    expect(counts.total).toBe(counts.byType.traffic);
    expect((await get('/api/sensors/counts?bbox=5')).status).toBe(400);
  });

  it('clusters an area into marks that add up to its sensors, each with the worst status inside', async () => {
    const city = await get('/api/sensors/clusters?city=kharagpur&zoom=11');
    expect(city.status).toBe(200);
    const wide = sensorClustersSchema.parse(await city.json());
    expect(wide.total).toBe(seededKharagpur + EXTRA + 1);
    expect(wide.clusters.reduce((n, c) => n + c.count, 0)).toBe(wide.total);
    // A 44-pixel grid: far fewer marks than sensors.
    expect(wide.clusters.length).toBeLessThan(200);
    const biggest = wide.clusters[0]!;
    expect(biggest.count).toBeGreaterThan(1);
    expect(biggest.sensor).toBeNull();
    // Each cluster holds the grid's sensors inside its bounds, and shows the worst of their statuses.
    const grid = Array.from({ length: EXTRA }, (_, i) => gridSensor(i));
    for (const cluster of wide.clusters.filter((c) => c.count > 1)) {
      const [w, s, e, n] = cluster.bounds;
      // The centroid lies within the bounds (up to the rounding of an average).
      expect(cluster.lng).toBeGreaterThanOrEqual(w - 1e-9);
      expect(cluster.lng).toBeLessThanOrEqual(e + 1e-9);
      expect(cluster.lat).toBeGreaterThanOrEqual(s - 1e-9);
      expect(cluster.lat).toBeLessThanOrEqual(n + 1e-9);
      const inside = grid.filter((g) => g.lng >= w && g.lng <= e && g.lat >= s && g.lat <= n);
      if (inside.length === cluster.count)
        expect(cluster.worstStatus).toBe(worstStatus(inside.map((g) => g.status as SensorStatus)));
    }
    expect(wide.clusters.some((c) => c.count > 1 && c.worstStatus === 'offline')).toBe(true);

    // Zoomed in on one sensor's corner: single sensors, named.
    const close = sensorClustersSchema.parse(
      await (
        await get(
          '/api/sensors/clusters?city=kharagpur&zoom=20&bbox=87.2795,22.2995,87.2815,22.3015',
        )
      ).json(),
    );
    expect(close.clusters.length).toBe(close.total);
    expect(close.clusters.every((c) => c.count === 1 && c.sensor !== null)).toBe(true);
    expect(close.clusters.map((c) => c.sensor!.id)).toContain('kharagpur-grid-00001');
    const offline = close.clusters.find((c) => c.sensor!.id === 'kharagpur-grid-00000');
    expect(offline).toMatchObject({ worstStatus: 'offline', sensor: { status: 'offline' } });

    // The filters narrow the marks as they narrow the list.
    const water = sensorClustersSchema.parse(
      await (await get('/api/sensors/clusters?city=kharagpur&type=water&zoom=11')).json(),
    );
    expect(water.total).toBe((await page('/api/sensors?city=kharagpur&type=water&limit=1')).total);
    expect((await get('/api/sensors/clusters?city=kharagpur&zoom=23')).status).toBe(400);
    expect((await get('/api/sensors/clusters?city=kharagpur')).status).toBe(400);
  });

  it('gives each mark the worst active alert of its sensors, leaving ended alerts out', async () => {
    const raise = (sensorId: string, severity: string, status: string, rule = 'threshold') =>
      database.db
        .insertInto('alerts')
        .values({
          id: randomUUID(),
          sensor_id: sensorId,
          city_key: 'kharagpur',
          location: 'Block 0',
          rule,
          title: `Alert at ${sensorId}`,
          message: 'm',
          severity,
          status,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
    // Grid sensors 1, 7 and 13 are air-quality sensors a thousandth of a degree apart.
    await raise('kharagpur-grid-00001', 'warning', 'open', 'offline');
    await raise('kharagpur-grid-00001', 'critical', 'acknowledged');
    await raise('kharagpur-grid-00007', 'critical', 'resolved');
    await raise('kharagpur-grid-00013', 'high', 'dismissed');
    const marks = async (query: string) =>
      sensorClustersSchema.parse(
        await (await get(`/api/sensors/clusters?city=kharagpur&type=air_quality&${query}`)).json(),
      ).clusters;

    const close = await marks('zoom=20&bbox=87.2805,22.2995,87.2935,22.3005');
    const alertOf = (id: string) => close.find((c) => c.sensor?.id === id)?.worstAlert;
    expect(alertOf('kharagpur-grid-00001')).toBe('critical');
    expect(alertOf('kharagpur-grid-00007')).toBeNull();
    expect(alertOf('kharagpur-grid-00013')).toBeNull();

    // Zoomed out, the group that holds sensor 1 takes its colour.
    const wide = await marks('zoom=11');
    const holding = wide.filter((c) => {
      const [w, s, e, n] = c.bounds;
      return w <= 87.281 && e >= 87.281 && s <= 22.3 && n >= 22.3;
    });
    expect(holding).toHaveLength(1);
    expect(holding[0]!.worstAlert).toBe('critical');
    expect(wide.filter((c) => c.worstAlert !== null)).toHaveLength(1);
  });
});
