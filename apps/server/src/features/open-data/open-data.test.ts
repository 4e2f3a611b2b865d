import { gunzipSync } from 'node:zlib';
import {
  OPEN_DATA_ENDPOINTS,
  airQualitySchema,
  computeAirQuality,
  createdDeviceKeySchema,
  openCityListSchema,
  openHistorySchema,
  openLatestPageSchema,
  openNoticeListSchema,
  openSensorPageSchema,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestApp,
  createTestAppWithCallers,
  createTestEvents,
  createTestServices,
} from '../../test/test-app';

const HOUR_MS = 3_600_000;
const AIR = 'kolkata-air-quality-park-street';

describe.each(testDatabases())('the open data API on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: Awaited<ReturnType<typeof createTestAppWithCallers>>['services'];
  let admin: string;
  let operator: string;
  // Half past ten: the last ended hour is 09:00–10:00.
  const clock = new Date('2026-11-20T10:30:00.000Z');
  const end = new Date('2026-11-20T10:00:00.000Z');

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers });

  beforeAll(async () => {
    database = await create();
    ({ app, services, admin, operator } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
      alertOnDelay: 'off',
    }));
    // A day of Park Street's air, one reading each hour: PM2.5 80, PM10 150, NO2 60 µg/m³.
    const readings = Array.from({ length: 24 }, (_, i) => ({
      sensorId: AIR,
      value: 160,
      timestamp: new Date(end.getTime() - (24 - i) * HOUR_MS + 60_000).toISOString(),
      metadata: { pm25: 80, pm10: 150, no2: 60, landmark: 'not a number' },
    }));
    const res = await postJson(app, '/api/ingest/readings', { readings }, { cookie: operator });
    expect(res.status).toBe(202);
    await services.readingsFold.now();
  });
  afterAll(() => database?.dispose());

  it('answers without a sign-in, with the rate limit in IETF headers', async () => {
    const res = await get('/api/public/v1/cities');
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"open-data";q=300;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^"open-data";r=\d+;t=\d+$/);
    const { items } = openCityListSchema.parse(await res.json());
    expect(items.map((c) => [c.key, c.country, c.airQualityStandard])).toEqual([
      ['kolkata', 'IN', 'IN-NAQI'],
      ['kharagpur', 'IN', 'IN-NAQI'],
      ['new-york', 'US', 'US-EPA'],
    ]);
    expect(items[0]!.pollutantUnits).toMatchObject({ pm25: 'µg/m³', co: 'mg/m³' });
    expect(items[2]!.pollutantUnits).toMatchObject({ o3: 'ppb', co: 'ppm' });
  });

  it('sends a 304 to a client that holds the same version', async () => {
    const first = await get('/api/public/v1/cities');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await get('/api/public/v1/cities', { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await get('/api/public/v1/cities', { 'If-None-Match': '"another"' });
    expect(other.status).toBe(200);
    // Gzipped once for every client that takes it: the same text.
    const zipped = await get('/api/public/v1/cities', { 'Accept-Encoding': 'gzip, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(await other.text());
    const refused = await get('/api/public/v1/cities', { 'Accept-Encoding': 'gzip;q=0' });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it("pages a city's sensors by cursor, without their internal fields", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let total: number | undefined;
    do {
      const query: string = `?type=air_quality&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await get(`/api/public/v1/cities/kolkata/sensors${query}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: Record<string, unknown>[] };
      const page = openSensorPageSchema.parse(body);
      for (const sensor of body.items)
        expect(Object.keys(sensor).sort()).toEqual([
          'city',
          'id',
          'lat',
          'lng',
          'location',
          'name',
          'status',
          'type',
          'unit',
        ]);
      seen.push(...page.items.map((s) => s.id));
      total = page.total;
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toContain(AIR);
  });

  it('gives the latest values with the figures they carried, as JSON and CSV', async () => {
    const res = await get('/api/public/v1/cities/kolkata/latest?type=air_quality&limit=1000');
    const page = openLatestPageSchema.parse(await res.json());
    const air = page.items.find((i) => i.sensorId === AIR);
    expect(air).toMatchObject({ value: 160, metrics: { pm25: 80, pm10: 150, no2: 60 } });
    expect(air!.metrics).not.toHaveProperty('landmark');

    const csv = await get('/api/public/v1/cities/kolkata/latest.csv?type=air_quality&limit=1');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]!.startsWith('sensor_id,type,status,value,unit,at')).toBe(true);
    expect(lines).toHaveLength(3);
    expect(csv.headers.get('link')).toMatch(
      /^<\/api\/public\/v1\/cities\/kolkata\/latest\.csv\?.*cursor=.+>; rel="next"$/,
    );
  });

  it("gives a sensor's hourly history, and refuses a span too long or a sensor unknown", async () => {
    const res = await get(
      `/api/public/v1/sensors/${AIR}/history?resolution=hour&from=2026-11-19T10:00:00Z&to=2026-11-20T10:00:00Z`,
    );
    expect(res.status).toBe(200);
    const history = openHistorySchema.parse(await res.json());
    expect(history.points).toHaveLength(24);
    expect(history.points[0]).toEqual({
      start: '2026-11-19T10:00:00.000Z',
      mean: 160,
      min: 160,
      max: 160,
      count: 1,
    });
    const csv = await get(
      `/api/public/v1/sensors/${AIR}/history.csv?resolution=hour&from=2026-11-19T10:00:00Z&to=2026-11-20T10:00:00Z`,
    );
    expect((await csv.text()).split('\r\n')[1]).toBe(
      `${AIR},2026-11-19T10:00:00.000Z,160,160,160,1,AQI`,
    );
    const tooLong = await get(
      `/api/public/v1/sensors/${AIR}/history?resolution=hour&from=2026-10-01T00:00:00Z&to=2026-11-20T00:00:00Z`,
    );
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toBe(
      'At most 31 days of hours in one request',
    );
    expect((await get('/api/public/v1/sensors/nobody/history')).status).toBe(404);
  });

  it("gives the city's air quality by India's NAQI from the day's hourly means", async () => {
    const res = await get('/api/public/v1/cities/kolkata/air-quality');
    expect(res.status).toBe(200);
    const aq = airQualitySchema.parse(await res.json());
    const expected = computeAirQuality('IN-NAQI', {
      pm25: new Array(24).fill(80),
      pm10: new Array(24).fill(150),
      no2: new Array(24).fill(60),
    });
    expect(aq).toMatchObject({
      city: 'kolkata',
      area: null,
      standard: 'IN-NAQI',
      index: expected.index,
      category: expected.category,
      dominantPollutant: 'pm25',
      complete: true,
      incompleteReason: null,
      at: end.toISOString(),
      sensors: 1,
    });
    // PM2.5 80 µg/m³ over 24 hours is "Moderately polluted" (61–90 µg/m³ → 101–200):
    // 101 + (200 − 101) / (90 − 61) × (80 − 61) = 165.9, and NAQI gives whole numbers.
    expect(aq.index).toBe(166);
    expect(aq.categoryName).toBe('Moderately polluted');

    const area = airQualitySchema.parse(
      await (await get('/api/public/v1/cities/kolkata/air-quality?area=park-street')).json(),
    );
    expect(area).toMatchObject({ area: 'park-street', index: aq.index, sensors: 1 });
    const elsewhere = airQualitySchema.parse(
      await (await get('/api/public/v1/cities/kolkata/air-quality?area=garia')).json(),
    );
    expect(elsewhere).toMatchObject({ index: null, complete: false, incompleteReason: 'no_data' });
  });

  it('says when New York has no air data rather than guessing', async () => {
    const aq = airQualitySchema.parse(
      await (await get('/api/public/v1/cities/new-york/air-quality')).json(),
    );
    expect(aq).toMatchObject({ standard: 'US-EPA', index: null, complete: false });
  });

  it('describes its datasets in a DCAT-AP catalogue under the site’s address', async () => {
    const res = await get('/api/public/v1/catalog');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ld+json');
    const catalogue = (await res.json()) as {
      '@type': string;
      dataset: { '@id': string; identifier: string; distribution: { accessURL: string }[] }[];
    };
    expect(catalogue['@type']).toBe('dcat:Catalog');
    const ids = catalogue.dataset.map((d) => d.identifier);
    expect(ids).toContain('kolkata-air-quality-readings');
    for (const dataset of catalogue.dataset) {
      expect(dataset['@id'].startsWith('http://smartcity.test/api/public/v1/catalog#')).toBe(true);
      for (const d of dataset.distribution)
        expect(d.accessURL.startsWith('http://smartcity.test/api/')).toBe(true);
    }
    // Its addresses answer.
    const latest = catalogue.dataset
      .find((d) => d.identifier === 'kolkata-air-quality-readings')!
      .distribution.map((d) => d.accessURL.replace('http://smartcity.test', ''))
      .filter((url) => url.includes('/latest'));
    expect(latest.length).toBeGreaterThan(0);
    for (const url of latest) expect((await get(url)).status, url).toBe(200);
  });

  it('serves OGC SensorThings behind the same limit: Things to Datastreams to Observations', async () => {
    const root = await get('/api/sta/v1.1');
    expect(root.status).toBe(200);
    expect(root.headers.get('ratelimit-policy')).toBe('"open-data";q=300;w=60');
    const things = await get(
      `/api/sta/v1.1/Things?$top=2&$filter=${encodeURIComponent("properties/type eq 'air_quality'")}`,
    );
    expect(things.status).toBe(200);
    expect(things.headers.get('ratelimit')).toMatch(/^"open-data";r=\d+;t=\d+$/);
    const page = (await things.json()) as {
      value: { '@iot.id': string }[];
      '@iot.nextLink'?: string;
    };
    expect(page.value).toHaveLength(2);
    expect(page['@iot.nextLink']).toMatch(/^http:\/\/localhost\/api\/sta\/v1\.1\/Things\?/);
    const observations = await get(
      `/api/sta/v1.1/Datastreams('${AIR}')/Observations?$top=24&$orderby=phenomenonTime asc&$count=true`,
    );
    const obs = (await observations.json()) as {
      '@iot.count': number;
      value: { result: number; phenomenonTime: string }[];
    };
    expect(obs['@iot.count']).toBe(24);
    expect(obs.value[0]).toMatchObject({ result: 160, phenomenonTime: '2026-11-19T10:01:00.000Z' });
  });

  it('publishes notices without their author', async () => {
    const created = await postJson(
      app,
      '/api/notices',
      { title: 'Water supply paused', content: 'Ward 63, 10:00 to 14:00.' },
      { cookie: admin },
    );
    expect(created.status).toBe(201);
    const res = await get('/api/public/v1/notices?limit=5');
    const text = await res.text();
    const { items } = openNoticeListSchema.parse(JSON.parse(text));
    expect(items[0]).toMatchObject({ title: 'Water supply paused' });
    expect(text).not.toContain('System Administrator');
    expect(text).not.toContain('author');
  });

  it("counts a key's requests against its own limit, and refuses a key that is not one", async () => {
    const res = await postJson(
      app,
      '/api/device-keys',
      { name: 'Transit research', kind: 'open-data', rateLimit: 2 },
      { cookie: admin },
    );
    expect(res.status).toBe(201);
    const key = createdDeviceKeySchema.parse(await res.json());
    expect(key.rateLimit).toBe(2);
    const withKey = () => get('/api/public/v1/cities', { 'X-API-Key': key.key });
    const first = await withKey();
    expect(first.headers.get('ratelimit-policy')).toBe('"open-data";q=2;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"open-data";r=1;t=\d+$/);
    await withKey();
    const refused = await withKey();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // The address's own count is another.
    expect((await get('/api/public/v1/cities')).status).toBe(200);

    const unknown = await get('/api/public/v1/cities?api_key=sk_not-a-key');
    expect(unknown.status).toBe(401);
    const sensorsKey = createdDeviceKeySchema.parse(
      await (
        await postJson(app, '/api/device-keys', { name: 'Gateway' }, { cookie: admin })
      ).json(),
    );
    expect(sensorsKey.rateLimit).toBeNull();
    expect((await get('/api/public/v1/cities', { 'X-API-Key': sensorsKey.key })).status).toBe(401);
    const invalid = await postJson(
      app,
      '/api/device-keys',
      { name: 'Gateway', kind: 'sensors', rateLimit: 10 },
      { cookie: admin },
    );
    expect(invalid.status).toBe(400);
    const withCity = await postJson(
      app,
      '/api/device-keys',
      { name: 'City research', kind: 'open-data', city: 'kolkata' },
      { cookie: admin },
    );
    expect(withCity.status).toBe(400);
  });

  it('walks every open data endpoint: none answers a person or a staff-only field', async () => {
    const fill = (path: string) =>
      path
        .replace('{city}', 'kolkata')
        .replace('{id}', AIR)
        .replace(/^\/api/, '/api');
    const paths = Object.values(OPEN_DATA_ENDPOINTS).map((e) => fill(e.path));
    expect(paths.length).toBeGreaterThanOrEqual(10);
    for (const path of paths) {
      const res = await get(`${path}${path.includes('history') ? '?resolution=day' : ''}`);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      for (const personal of [
        '@smartcity.local',
        'System Administrator',
        'System Operator',
        'Demo Citizen',
        'Test User',
      ])
        expect(text, `${path} names ${personal}`).not.toContain(personal);
      // As a JSON key or a CSV column.
      for (const field of ['email', 'author', 'createdBy', 'created_by', 'keyHash', 'ratedMw'])
        expect(text, `${path} has ${field}`).not.toMatch(
          new RegExp(`"${field}"|(^|,)${field}(,|\r)`, 'm'),
        );
    }
  });

  it('sums a client’s requests over every process on the database', async () => {
    // Two processes on one database: each counts in memory and shares its counts every second.
    const aServices = createTestServices(database, { events: createTestEvents() });
    const bServices = createTestServices(database, { events: createTestEvents() });
    const a = createTestApp(database, { openDataAnonymousLimit: 3, services: aServices });
    const b = createTestApp(database, { openDataAnonymousLimit: 3, services: bServices });
    // The windows are the clock's minutes: not across the turn of one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    expect((await a.request('/api/public/v1/notices')).status).toBe(200);
    expect((await a.request('/api/public/v1/notices')).status).toBe(200);
    expect((await b.request('/api/public/v1/notices')).status).toBe(200);
    await aServices.openDataLimits.exchange();
    await bServices.openDataLimits.exchange();
    // Alone, b has counted one of three; with a's two, none is left.
    const refused = await b.request('/api/public/v1/notices');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit')).toMatch(/^"open-data";r=0;t=\d+$/);
  });

  it('refuses an address past the anonymous limit with 429 and Retry-After', async () => {
    const limited = createTestApp(database, { openDataAnonymousLimit: 2 });
    const call = () => limited.request('/api/public/v1/notices');
    expect((await call()).status).toBe(200);
    const last = await call();
    expect(last.headers.get('ratelimit')).toMatch(/^"open-data";r=0;t=\d+$/);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe('"open-data";q=2;w=60');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
