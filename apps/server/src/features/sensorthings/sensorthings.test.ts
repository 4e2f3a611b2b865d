import { apiErrorSchema, CITY_KEYS } from '@smart-city/shared';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSensorsFor } from '../../db/seed';
import { errorAnswer } from '../../http/errors';
import { requestChecks } from '../../http/request-checks';
import { testDatabases } from '../../test/databases';
import { createTestEvents, createTestServices, silentLogger } from '../../test/test-app';
import type { SensorToRegister } from '../sensors/sensors.service';
import { sensorThingsRoutes } from './sensorthings.routes';

// The exchanges of OGC SensorThings API 1.1 (OGC 18-088), its resource paths and its requests for
// data, against the platform's sensors and readings: the specification's example requests with
// this platform's ids in place of its numbers.

const ROOT = '/api/sta/v1.1';
const BASE = `http://localhost${ROOT}`;
const MINUTE = 60_000;

/** A few sensors of two cities beside the seeded ones, one with an id that needs quoting. */
const AIR = 'sta-kolkata-air';
const TRAFFIC = 'sta-kolkata-traffic';
const BIN = "sta-kharagpur/bin 'north'";
const FEEDER = 'sta-kharagpur-feeder';
const SENSORS: SensorToRegister[] = [
  {
    id: AIR,
    name: 'College Street Air Quality',
    type: 'air_quality',
    city: 'kolkata',
    location: 'College Street',
    lat: 22.5735,
    lng: 88.3631,
    metadata: { apiKey: 'do-not-show-7f3a', ratedMw: 99, note: 'a private note' },
  },
  {
    id: TRAFFIC,
    name: 'Dalhousie Square Traffic',
    type: 'traffic',
    city: 'kolkata',
    location: 'Dalhousie Square',
    lat: 22.5646,
    lng: 88.352,
  },
  {
    id: BIN,
    name: "North Gate's Waste Bin",
    type: 'waste',
    city: 'kharagpur',
    location: 'North Gate',
    lat: 22.32,
    lng: 87.31,
  },
  {
    id: FEEDER,
    name: 'Prembazar Energy Feeder',
    type: 'energy',
    city: 'kharagpur',
    location: 'Prembazar',
    lat: 22.33,
    lng: 87.3,
    metadata: { ratedMw: 12 },
  },
];

type Json = Record<string, unknown>;
type Collection = { value: Json[]; '@iot.count'?: number; '@iot.nextLink'?: string };
type Reading = { sensorId: string; micros: bigint; value: number };

/** A path segment's quoted key, as the service writes it in links. */
const key = (id: string) =>
  `'${encodeURIComponent(id.replaceAll("'", "''")).replace(/%40/g, '@').replace(/%3A/g, ':')}'`;
const iso = (micros: bigint) => {
  const text = new Date(Number(micros / 1000n)).toISOString();
  return micros % 1000n === 0n
    ? text
    : `${text.slice(0, -1)}${String(micros % 1000n).padStart(3, '0')}Z`;
};
const observationId = (r: Reading) => `${r.sensorId}@${r.micros}`;
const newestFirst = (a: Reading, b: Reading) =>
  a.micros === b.micros ? (a.sensorId < b.sensorId ? -1 : 1) : a.micros > b.micros ? -1 : 1;

describe.each(testDatabases())('SensorThings API 1.1 on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: Hono;
  /** The clock of the window of every Datastream's Observations; readings are written around it. */
  const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
  let clock = start;
  const at = (minutesAgo: number) => BigInt(start.getTime() - minutesAgo * MINUTE) * 1000n;
  const readings: Reading[] = [];
  const readingsOf = (sensorId: string) =>
    readings.filter((r) => r.sensorId === sensorId).sort(newestFirst);

  function appWith(options: { trustProxy?: boolean } = {}) {
    const app = new Hono();
    app.use('/api/*', requestChecks({ bodyLimitFor: () => 64 * 1024 }));
    app.route(ROOT, sensorThingsRoutes({ db: database.db, now: () => clock, ...options }));
    app.onError((err, c) => errorAnswer(c, err, silentLogger));
    return app;
  }

  const request = (path: string, init?: RequestInit) =>
    app.request(path.startsWith('http') ? path : `${ROOT}${path}`, init);

  async function read<T = Json>(path: string): Promise<T> {
    const res = await request(path);
    const text = await res.text();
    expect(res.status, `${path}: ${text}`).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return JSON.parse(text) as T;
  }

  /** Every entity of a collection, following @iot.nextLink until the last page. */
  async function walk(path: string): Promise<Json[]> {
    const entities: Json[] = [];
    let next: string | undefined = path;
    for (let pages = 0; next; pages++) {
      expect(pages).toBeLessThan(500);
      const page: Collection = await read<Collection>(next);
      entities.push(...page.value);
      next = page['@iot.nextLink'];
      if (next) expect(next.startsWith(BASE)).toBe(true);
    }
    return entities;
  }

  async function refused(path: string, status: 400 | 404, message?: RegExp) {
    const res = await request(path);
    const text = await res.text();
    expect(res.status, `${path}: ${text}`).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = apiErrorSchema.parse(JSON.parse(text));
    expect(body.error.code).toBe(status === 404 ? 'not_found' : 'invalid_input');
    if (message) expect(body.error.message).toMatch(message);
    return body.error.message;
  }

  beforeAll(async () => {
    database = await create();
    const services = createTestServices(database, {
      events: createTestEvents(),
      pipelineNow: () => start,
    });
    expect(await services.sensors.register(SENSORS)).toBe(SENSORS.length);
    // The air sensor every minute for 250 minutes (values repeat, so orders by result tie), the
    // traffic sensor every two for an hour, the bin every ten minutes.
    for (let i = 0; i < 250; i++)
      readings.push({ sensorId: AIR, micros: at(i), value: 50 + ((i * 7) % 120) });
    for (let i = 0; i < 30; i++)
      readings.push({ sensorId: TRAFFIC, micros: at(2 * i), value: (i * 13) % 100 });
    for (let i = 0; i < 5; i++)
      readings.push({ sensorId: BIN, micros: at(10 * i), value: 20 + 10 * i });
    await services.ingest.ingest(
      readings.map((r) => ({ sensorId: r.sensorId, value: r.value, timestamp: iso(r.micros) })),
    );
    // Heard from: the fold makes the sensors active.
    await services.readingsFold.now();
    // Two readings sent without a time take the batch's, a microsecond apart.
    await services.ingest.ingest([
      { sensorId: FEEDER, value: 3.5 },
      { sensorId: FEEDER, value: 4.25 },
    ]);
    readings.push({ sensorId: FEEDER, micros: at(0), value: 3.5 });
    readings.push({ sensorId: FEEDER, micros: at(0) + 1n, value: 4.25 });
    app = appWith();
  }, 120_000);
  afterAll(() => database?.dispose());

  it('answers the service root with every entity set at its absolute URL and the conformance classes', async () => {
    const root = await read<{ value: { name: string; url: string }[]; serverSettings: Json }>('');
    const sets = [
      'Things',
      'Locations',
      'HistoricalLocations',
      'Datastreams',
      'Sensors',
      'ObservedProperties',
      'Observations',
      'FeaturesOfInterest',
    ];
    expect(root.value).toEqual(sets.map((name) => ({ name, url: `${BASE}/${name}` })));
    expect(root.serverSettings.conformance).toEqual([
      'http://www.opengis.net/spec/iot_sensing/1.1/req/datamodel',
      'http://www.opengis.net/spec/iot_sensing/1.1/req/resource-path/resource-path-to-entities',
      'http://www.opengis.net/spec/iot_sensing/1.1/req/request-data',
    ]);
    expect(JSON.stringify(root.serverSettings)).toMatch(/an hour of phenomenonTime/);
    expect(await read('/')).toEqual(root);
    for (const { url } of root.value) expect((await request(url)).status).toBe(200);
  });

  it('shows a sensor as a Thing with its links, and nothing of its private metadata', async () => {
    const res = await request(`/Things(${key(AIR)})`);
    const text = await res.text();
    const self = `${BASE}/Things('${AIR}')`;
    expect(JSON.parse(text)).toEqual({
      '@iot.id': AIR,
      '@iot.selfLink': self,
      name: 'College Street Air Quality',
      description: 'Air quality sensor at College Street, Kolkata',
      properties: { city: 'kolkata', type: 'air_quality', status: 'active' },
      'Locations@iot.navigationLink': `${self}/Locations`,
      'HistoricalLocations@iot.navigationLink': `${self}/HistoricalLocations`,
      'Datastreams@iot.navigationLink': `${self}/Datastreams`,
    });
    expect(text).not.toMatch(/do-not-show|ratedMw|private note|apiKey/);
    // The id is accepted unquoted too, where that is unambiguous.
    expect(await read(`/Things(${AIR})`)).toEqual(JSON.parse(text));
  });

  it('shows each entity type of the data model with its properties and links', async () => {
    const location = await read(`/Locations(${key(AIR)})`);
    expect(location).toMatchObject({
      '@iot.id': AIR,
      name: 'College Street',
      description: 'Where College Street Air Quality stands, in Kolkata',
      encodingType: 'application/geo+json',
      location: { type: 'Point', coordinates: [88.3631, 22.5735] },
      'Things@iot.navigationLink': `${BASE}/Locations('${AIR}')/Things`,
      'HistoricalLocations@iot.navigationLink': `${BASE}/Locations('${AIR}')/HistoricalLocations`,
    });
    const historical = await read(`/HistoricalLocations(${key(AIR)})`);
    expect(Object.keys(historical)).toEqual([
      '@iot.id',
      '@iot.selfLink',
      'time',
      'Thing@iot.navigationLink',
      'Locations@iot.navigationLink',
    ]);
    expect(Math.abs(Date.parse(historical.time as string) - Date.now())).toBeLessThan(10 * MINUTE);

    const datastream = await read(`/Datastreams(${key(AIR)})`);
    expect(datastream).toEqual({
      '@iot.id': AIR,
      '@iot.selfLink': `${BASE}/Datastreams('${AIR}')`,
      name: 'College Street Air Quality',
      description: 'Air Quality Index at College Street, Kolkata, in AQI',
      unitOfMeasurement: {
        name: 'Air Quality Index',
        symbol: 'AQI',
        definition: 'https://www.airnow.gov/aqi/aqi-basics/',
      },
      observationType: 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement',
      properties: { city: 'kolkata', type: 'air_quality' },
      'Thing@iot.navigationLink': `${BASE}/Datastreams('${AIR}')/Thing`,
      'Sensor@iot.navigationLink': `${BASE}/Datastreams('${AIR}')/Sensor`,
      'ObservedProperty@iot.navigationLink': `${BASE}/Datastreams('${AIR}')/ObservedProperty`,
      'Observations@iot.navigationLink': `${BASE}/Datastreams('${AIR}')/Observations`,
    });
    expect((await read(`/Datastreams(${key(TRAFFIC)})`)).unitOfMeasurement).toEqual({
      name: 'Percent',
      symbol: '%',
      definition: 'http://www.opengis.net/def/uom/UCUM/0/%25',
    });

    expect(await read(`/Sensors('air_quality')`)).toEqual({
      '@iot.id': 'air_quality',
      '@iot.selfLink': `${BASE}/Sensors('air_quality')`,
      name: 'Air quality monitor',
      description: 'Air quality monitor that reports the Air Quality Index on the US EPA scale',
      encodingType: 'text/html',
      metadata: 'https://en.wikipedia.org/wiki/Air_pollution_measurement',
      'Datastreams@iot.navigationLink': `${BASE}/Sensors('air_quality')/Datastreams`,
    });
    expect(await read(`/ObservedProperties('air_quality')`)).toMatchObject({
      '@iot.id': 'air_quality',
      name: 'Air Quality Index',
      definition: 'https://en.wikipedia.org/wiki/Air_quality_index',
      description: expect.stringMatching(/US EPA/),
    });
    expect(await read(`/FeaturesOfInterest(${key(AIR)})`)).toMatchObject({
      name: 'College Street',
      encodingType: 'application/geo+json',
      feature: { type: 'Point', coordinates: [88.3631, 22.5735] },
      'Observations@iot.navigationLink': `${BASE}/FeaturesOfInterest('${AIR}')/Observations`,
    });

    const newest = readingsOf(AIR)[0]!;
    const id = observationId(newest);
    expect(await read(`/Observations(${key(id)})`)).toEqual({
      '@iot.id': id,
      '@iot.selfLink': `${BASE}/Observations('${id}')`,
      phenomenonTime: iso(newest.micros),
      resultTime: iso(newest.micros),
      result: newest.value,
      'Datastream@iot.navigationLink': `${BASE}/Observations('${id}')/Datastream`,
      'FeatureOfInterest@iot.navigationLink': `${BASE}/Observations('${id}')/FeatureOfInterest`,
    });
    // Readings a microsecond apart are two Observations, each found again by its id.
    for (const reading of readingsOf(FEEDER)) {
      const observation = await read(`/Observations(${key(observationId(reading))})`);
      expect(observation).toMatchObject({
        result: reading.value,
        phenomenonTime: iso(reading.micros),
      });
    }
    expect(iso(at(0) + 1n)).toMatch(/\.000001Z$/);
  });

  it('follows the navigation paths between entities', async () => {
    const ids = async (path: string) =>
      (await read<Collection>(path)).value.map((e) => e['@iot.id']);
    const id = async (path: string) => (await read(path))['@iot.id'];
    expect(await ids(`/Things(${key(AIR)})/Datastreams`)).toEqual([AIR]);
    expect(await ids(`/Things(${key(AIR)})/Locations`)).toEqual([AIR]);
    expect(await ids(`/Things(${key(AIR)})/HistoricalLocations`)).toEqual([AIR]);
    expect(await ids(`/Locations(${key(BIN)})/Things`)).toEqual([BIN]);
    expect(await ids(`/Locations(${key(BIN)})/HistoricalLocations`)).toEqual([BIN]);
    expect(await id(`/HistoricalLocations(${key(BIN)})/Thing`)).toBe(BIN);
    expect(await ids(`/HistoricalLocations(${key(BIN)})/Locations`)).toEqual([BIN]);
    expect(await id(`/Datastreams(${key(BIN)})/Thing`)).toBe(BIN);
    expect(await id(`/Datastreams(${key(BIN)})/Sensor`)).toBe('waste');
    expect(await id(`/Datastreams(${key(BIN)})/ObservedProperty`)).toBe('waste');
    expect(await ids(`/Datastreams(${key(BIN)})/Observations`)).toEqual(
      readingsOf(BIN).map(observationId),
    );
    expect(await ids(`/FeaturesOfInterest(${key(BIN)})/Observations`)).toEqual(
      readingsOf(BIN).map(observationId),
    );
    const observation = key(observationId(readingsOf(BIN)[2]!));
    expect(await id(`/Observations(${observation})/Datastream`)).toBe(BIN);
    expect(await id(`/Observations(${observation})/FeatureOfInterest`)).toBe(BIN);
    const wastes = await walk(`/Sensors('waste')/Datastreams`);
    expect(wastes.map((e) => e['@iot.id'])).toContain(BIN);
    expect(wastes.every((e) => (e.properties as Json).type === 'waste')).toBe(true);
    expect((await walk(`/ObservedProperties('waste')/Datastreams`)).length).toBe(wastes.length);
    // Longer paths, and an entity named within a navigation collection.
    expect(await id(`/Things(${key(BIN)})/Datastreams(${key(BIN)})/Sensor`)).toBe('waste');
    expect(
      await id(`/Datastreams(${key(BIN)})/Observations(${observation})/Datastream/Thing`),
    ).toBe(BIN);
    // $ref answers the links alone.
    expect(await read(`/Things(${key(BIN)})/Datastreams/$ref`)).toEqual({
      value: [{ '@iot.selfLink': `${BASE}/Datastreams(${key(BIN)})` }],
    });
    expect(await read(`/Datastreams(${key(BIN)})/Thing/$ref`)).toEqual({
      '@iot.selfLink': `${BASE}/Things(${key(BIN)})`,
    });
  });

  it('answers a property, and its raw value with $value', async () => {
    expect(await read(`/Things(${key(BIN)})/name`)).toEqual({ name: "North Gate's Waste Bin" });
    const raw = await request(`/Things(${key(BIN)})/name/$value`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await raw.text()).toBe("North Gate's Waste Bin");
    expect(await read(`/Locations(${key(BIN)})/location`)).toEqual({
      location: { type: 'Point', coordinates: [87.31, 22.32] },
    });
    expect(await read(`/Locations(${key(BIN)})/location/$value`)).toEqual({
      type: 'Point',
      coordinates: [87.31, 22.32],
    });
    const reading = readingsOf(BIN)[1]!;
    const value = await request(`/Observations(${key(observationId(reading))})/result/$value`);
    expect(await value.text()).toBe(String(reading.value));
    expect(await read(`/Datastreams(${key(BIN)})/unitOfMeasurement`)).toEqual({
      unitOfMeasurement: { name: 'Percent', symbol: '%', definition: expect.any(String) },
    });
  });

  it('walks Things → Datastreams → Observations by their links and next links, reading every reading once', async () => {
    const things = await walk('/Things');
    const sensors = CITY_KEYS.flatMap((city) => seedSensorsFor(city)).length + SENSORS.length;
    expect(things).toHaveLength(sensors);
    expect(new Set(things.map((t) => t['@iot.id'])).size).toBe(sensors);
    const seen: string[] = [];
    for (const thing of things) {
      const datastreams = await walk(thing['Datastreams@iot.navigationLink'] as string);
      expect(datastreams.map((d) => d['@iot.id'])).toEqual([thing['@iot.id']]);
      for (const datastream of datastreams) {
        const observations = await walk(datastream['Observations@iot.navigationLink'] as string);
        for (const observation of observations) {
          expect(observation['Datastream@iot.navigationLink']).toBe(
            `${observation['@iot.selfLink'] as string}/Datastream`,
          );
          seen.push(observation['@iot.id'] as string);
        }
      }
    }
    expect(seen.sort()).toEqual(readings.map(observationId).sort());
    // The air sensor's 250 readings took three pages of the default hundred.
    const first = await read<Collection>(`/Datastreams(${key(AIR)})/Observations`);
    expect(first.value).toHaveLength(100);
    expect(first['@iot.nextLink']).toMatch(/\$skiptoken=/);
  });

  it('pages with $top, $skip and $count', async () => {
    const all = await walk('/Things');
    const page = await read<Collection>('/Things?$top=5&$skip=3&$count=true');
    expect(page['@iot.count']).toBe(all.length);
    expect(page.value).toEqual(all.slice(3, 8));
    // The next link keeps the other options and goes on from the page's last entity.
    const next = await read<Collection>(page['@iot.nextLink']!);
    expect(next['@iot.count']).toBe(all.length);
    expect(next.value).toEqual(all.slice(8, 13));
    expect(page['@iot.nextLink']).toMatch(/\$top=5&\$count=true&\$skiptoken=/);

    const none = await read<Collection>('/Things?$top=0&$count=true');
    expect(none).toEqual({ '@iot.count': all.length, value: [] });
    const air = readingsOf(AIR);
    const counted = await read<Collection>(
      `/Datastreams(${key(AIR)})/Observations?$count=true&$top=1`,
    );
    expect(counted['@iot.count']).toBe(250);
    const skipped = await read<Collection>(
      `/Datastreams(${key(AIR)})/Observations?$skip=10&$top=5`,
    );
    expect(skipped.value.map((o) => o['@iot.id'])).toEqual(air.slice(10, 15).map(observationId));
    // $top past the largest page is served a thousand at a time.
    const big = await read<Collection>(`/Datastreams(${key(AIR)})/Observations?$top=5000`);
    expect(big.value).toHaveLength(250);
    expect(big['@iot.nextLink']).toBeUndefined();
    // A last page that ends exactly at the end has no next link.
    const exact = await read<Collection>(`/Datastreams(${key(BIN)})/Observations?$top=5`);
    expect(exact.value).toHaveLength(5);
    expect(exact['@iot.nextLink']).toBeUndefined();
  });

  it('orders with $orderby, and pages through ties in that order', async () => {
    const air = readingsOf(AIR);
    const oldestFirst = await read<Collection>(
      `/Datastreams(${key(AIR)})/Observations?$orderby=phenomenonTime asc&$top=3`,
    );
    expect(oldestFirst.value.map((o) => o['@iot.id'])).toEqual(
      air.slice(-3).reverse().map(observationId),
    );
    const byResult = await walk(
      `/Datastreams(${key(AIR)})/Observations?$orderby=result desc,phenomenonTime asc&$top=7`,
    );
    const expected = [...air].sort((a, b) =>
      a.value === b.value ? (a.micros < b.micros ? -1 : 1) : b.value - a.value,
    );
    expect(byResult.map((o) => o['@iot.id'])).toEqual(expected.map(observationId));
    // Ties of result are broken newest first when the order names only the result.
    const byResultOnly = await walk(
      `/Datastreams(${key(AIR)})/Observations?$orderby=result&$top=11`,
    );
    expect(byResultOnly.map((o) => o['@iot.id'])).toEqual(
      [...air]
        .sort((a, b) => (a.value === b.value ? (a.micros > b.micros ? -1 : 1) : a.value - b.value))
        .map(observationId),
    );

    const mine = `$filter=${[AIR, TRAFFIC, FEEDER].map((id) => `id eq '${id}'`).join(' or ')} or name eq 'North Gate''s Waste Bin'`;
    expect(
      (await read<Collection>(`/Things?${mine}&$orderby=name desc&$select=name`)).value,
    ).toEqual([
      { name: 'Prembazar Energy Feeder' },
      { name: "North Gate's Waste Bin" },
      { name: 'Dalhousie Square Traffic' },
      { name: 'College Street Air Quality' },
    ]);
    const byCity = await walk('/Things?$orderby=properties/city,name&$top=50&$select=properties');
    const cities = byCity.map((t) => (t.properties as Json).city as string);
    expect(cities).toEqual([...cities].sort());
  });

  it('filters Observations by time and result with and, or, not and parentheses', async () => {
    const air = readingsOf(AIR);
    const ids = async (filter: string) =>
      (
        await walk(`/Datastreams(${key(AIR)})/Observations?$filter=${encodeURIComponent(filter)}`)
      ).map((o) => o['@iot.id']);
    const t30 = iso(at(30));
    const t200 = iso(at(200));
    expect(
      await ids(`result ge 150 and (phenomenonTime lt ${t200} or phenomenonTime ge ${t30})`),
    ).toEqual(
      air
        .filter((r) => r.value >= 150 && (r.micros < at(200) || r.micros >= at(30)))
        .map(observationId),
    );
    expect(await ids(`not (result lt 160) or resultTime eq ${iso(at(100))}`)).toEqual(
      air.filter((r) => !(r.value < 160) || r.micros === at(100)).map(observationId),
    );
    expect(
      await ids(`phenomenonTime gt ${iso(at(20))} and phenomenonTime le ${iso(at(5))}`),
    ).toEqual(air.filter((r) => r.micros > at(20) && r.micros <= at(5)).map(observationId));
    // A value may come first, and a time may be given in another zone.
    const local = new Date(Number(at(10) / 1000n) + 330 * MINUTE).toISOString().slice(0, 19);
    expect(await ids(`100 le result and phenomenonTime ge ${local}+05:30`)).toEqual(
      air.filter((r) => r.value >= 100 && r.micros >= at(10)).map(observationId),
    );
    // The specification's example: results under 10.00.
    expect(await ids('result lt 10.00')).toEqual([]);
    const count = await read<Collection>(
      `/Datastreams(${key(AIR)})/Observations?$count=true&$top=0&$filter=${encodeURIComponent('result ne 50')}`,
    );
    expect(count['@iot.count']).toBe(air.filter((r) => r.value !== 50).length);
  });

  it('filters Things and Datastreams by name, city and type', async () => {
    const ids = async (path: string) => (await walk(path)).map((e) => e['@iot.id']).sort();
    const kharagpurWaste = [
      ...seedSensorsFor('kharagpur')
        .filter((s) => s.type === 'waste')
        .map((s) => s.id),
      BIN,
    ].sort();
    expect(
      await ids(`/Things?$filter=properties/city eq 'kharagpur' and properties/type eq 'waste'`),
    ).toEqual(kharagpurWaste);
    expect(
      await ids(
        `/Datastreams?$filter=${encodeURIComponent("properties/type eq 'waste' and not (properties/city ne 'kharagpur')")}`,
      ),
    ).toEqual(kharagpurWaste);
    expect(await ids(`/Datastreams?$filter=name eq 'Dalhousie Square Traffic'`)).toEqual([TRAFFIC]);
    expect(await ids(`/Things?$filter=name eq 'North Gate''s Waste Bin'`)).toEqual([BIN]);
    expect(await ids(`/Sensors?$filter=id eq 'energy' or name eq 'Traffic sensor'`)).toEqual([
      'energy',
      'traffic',
    ]);
    expect(
      await ids(`/Things?$filter=properties/status eq 'active' and properties/city eq 'kolkata'`),
    ).toEqual([AIR, TRAFFIC].sort());
  });

  it('expands one level, with $top, $orderby, $filter and $select inside', async () => {
    const thing = await read(`/Things(${key(AIR)})?$expand=Datastreams,Locations`);
    expect((thing.Datastreams as Json[]).map((d) => d['@iot.id'])).toEqual([AIR]);
    expect((thing.Locations as Json[])[0]).toMatchObject({ name: 'College Street' });
    expect(thing['Datastreams@iot.navigationLink']).toBe(`${BASE}/Things('${AIR}')/Datastreams`);

    const air = readingsOf(AIR);
    const datastream = await read(
      `/Datastreams(${key(AIR)})?$expand=Observations($top=5;$orderby=phenomenonTime desc)`,
    );
    expect((datastream.Observations as Json[]).map((o) => o['@iot.id'])).toEqual(
      air.slice(0, 5).map(observationId),
    );
    const more = datastream['Observations@iot.nextLink'] as string;
    expect(more).toMatch(new RegExp(`^${BASE}/Datastreams\\('${AIR}'\\)/Observations\\?\\$top=5&`));
    expect((await read<Collection>(more)).value.map((o) => o['@iot.id'])).toEqual(
      air.slice(5, 10).map(observationId),
    );

    const filtered = await read(
      `/Datastreams(${key(AIR)})?$select=name&$expand=Observations(${encodeURIComponent('$filter=result gt 160 and phenomenonTime ge ' + iso(at(120)))};$orderby=result asc;$top=3;$select=result)`,
    );
    expect(filtered).toEqual({
      name: 'College Street Air Quality',
      Observations: air
        .filter((r) => r.value > 160 && r.micros >= at(120))
        .sort((a, b) => (a.value === b.value ? (a.micros > b.micros ? -1 : 1) : a.value - b.value))
        .slice(0, 3)
        .map((r) => ({ result: r.value })),
      'Observations@iot.nextLink': expect.stringContaining('$skiptoken='),
    });

    const kolkata = await read<Collection>(
      `/Things?$filter=properties/city eq 'kolkata' and properties/status eq 'active'&$expand=Datastreams($select=name,unitOfMeasurement;$count=true)&$select=id`,
    );
    expect(kolkata.value).toEqual([
      {
        '@iot.id': AIR,
        'Datastreams@iot.count': 1,
        Datastreams: [
          {
            name: 'College Street Air Quality',
            unitOfMeasurement: expect.objectContaining({ symbol: 'AQI' }),
          },
        ],
      },
      {
        '@iot.id': TRAFFIC,
        'Datastreams@iot.count': 1,
        Datastreams: [
          {
            name: 'Dalhousie Square Traffic',
            unitOfMeasurement: expect.objectContaining({ symbol: '%' }),
          },
        ],
      },
    ]);
    // A Thing whose Datastream the nested filter leaves out has an empty list.
    const none = await read(`/Things(${key(AIR)})?$expand=Datastreams($filter=name eq 'x')`);
    expect(none.Datastreams).toEqual([]);

    const observation = await read(
      `/Observations(${key(observationId(air[0]!))})?$expand=Datastream($select=name),FeatureOfInterest`,
    );
    expect(observation.Datastream).toEqual({ name: 'College Street Air Quality' });
    expect((observation.FeatureOfInterest as Json).feature).toEqual({
      type: 'Point',
      coordinates: [88.3631, 22.5735],
    });
    const streams = await read<Collection>(
      `/Datastreams?$filter=properties/city eq 'kharagpur' and properties/type eq 'energy'&$expand=Thing($select=name),Sensor($select=id),ObservedProperty($select=name),Observations($top=1)`,
    );
    const feeder = streams.value.find((d) => d['@iot.id'] === FEEDER)!;
    expect(feeder).toMatchObject({
      Thing: { name: 'Prembazar Energy Feeder' },
      Sensor: { '@iot.id': 'energy' },
      ObservedProperty: { name: 'Electrical load' },
    });
    expect((feeder.Observations as Json[]).map((o) => o.result)).toEqual([4.25]);
    expect(feeder['Observations@iot.nextLink']).toBeDefined();
    // A response holds at most 10,000 expanded Observations: each Datastream's page is cut to fit,
    // and its next link reads on.
    const wide = await read<Collection>(
      `/Datastreams?$top=1000&$select=id&$expand=Observations($top=100;$select=result)`,
    );
    const share = Math.floor(10_000 / wide.value.length);
    const wideAir = wide.value.find((d) => d['@iot.id'] === AIR)!;
    expect(wideAir.Observations).toHaveLength(share);
    expect(wideAir['Observations@iot.nextLink']).toMatch(/\$top=100&/);
    expect((await walk(wideAir['Observations@iot.nextLink'] as string)).length + share).toBe(250);
    const sensors = await read<Collection>(
      `/Sensors?$expand=Datastreams($top=2;$select=id;$count=true)`,
    );
    const waste = sensors.value.find((s) => s['@iot.id'] === 'waste')!;
    expect(waste['Datastreams@iot.count']).toBe(
      CITY_KEYS.flatMap((c) => seedSensorsFor(c)).filter((s) => s.type === 'waste').length + 1,
    );
    expect(waste.Datastreams).toHaveLength(2);
    const rest = await walk(waste['Datastreams@iot.nextLink'] as string);
    expect(rest.length + 2).toBe(waste['Datastreams@iot.count']);
  });

  it('selects properties with $select', async () => {
    const page = await read<Collection>(
      `/Datastreams(${key(AIR)})/Observations?$select=result,phenomenonTime&$top=2`,
    );
    expect(page.value).toEqual(
      readingsOf(AIR)
        .slice(0, 2)
        .map((r) => ({ phenomenonTime: iso(r.micros), result: r.value })),
    );
    expect(await read(`/Things(${key(AIR)})?$select=id,name,Datastreams`)).toEqual({
      '@iot.id': AIR,
      name: 'College Street Air Quality',
      'Datastreams@iot.navigationLink': `${BASE}/Things('${AIR}')/Datastreams`,
    });
  });

  it('reads the Observations of every Datastream an hour at a time, newest first', async () => {
    const lastHour = readings.filter((r) => r.micros >= at(60)).sort(newestFirst);
    // The window is the last hour when the first page is read, and stays so for its next links.
    const seen: string[] = [];
    let next: string | undefined = '/Observations?$top=40';
    while (next) {
      const page: Collection = await read<Collection>(next);
      seen.push(...page.value.map((o) => o['@iot.id'] as string));
      next = page['@iot.nextLink'];
      clock = new Date(clock.getTime() + 30 * MINUTE);
    }
    clock = start;
    expect(seen).toEqual(lastHour.map(observationId));

    const from = iso(at(180));
    const to = iso(at(150));
    const window = await walk(
      `/Observations?$filter=phenomenonTime ge ${from} and phenomenonTime lt ${to}&$top=9`,
    );
    expect(window.map((o) => o['@iot.id'])).toEqual(
      readings
        .filter((r) => r.micros >= at(180) && r.micros < at(150))
        .sort(newestFirst)
        .map(observationId),
    );
    const byResult = await read<Collection>('/Observations?$orderby=result desc&$top=3');
    expect(byResult.value.map((o) => o.result)).toEqual(
      lastHour
        .map((r) => r.value)
        .sort((a, b) => b - a)
        .slice(0, 3),
    );
    const upTo = await walk(`/Observations?$filter=phenomenonTime le ${iso(at(200))}&$select=id`);
    expect(upTo.map((o) => o['@iot.id'])).toEqual(
      readings
        .filter((r) => r.micros <= at(200) && r.micros >= at(260))
        .sort(newestFirst)
        .map(observationId),
    );

    await refused(
      `/Observations?$filter=phenomenonTime ge ${iso(at(200))} and phenomenonTime lt ${iso(at(100))}`,
      400,
      /an hour at a time.*Datastreams\('id'\)\/Observations/,
    );
    await refused(`/Observations?$filter=phenomenonTime ge ${iso(at(90))}`, 400, /within one hour/);
    await refused('/Observations?$count=true', 400, /\$count is not offered .* one Datastream/);
  });

  it('refuses what it does not offer with 400, and answers 404 for what is not there', async () => {
    await refused('/Thingies', 404, /No entity set Thingies/);
    await refused(`/Things('nope')`, 404, /No Thing with id 'nope'/);
    await refused(`/Datastreams('nope')/Observations`, 404);
    await refused(`/Observations(${key(`${AIR}@1`)})`, 404, /No Observation/);
    await refused(`/Observations('not-an-observation')`, 400, /not an Observation id/);
    await refused(`/Observations('x@99999999999999999999')`, 400);
    await refused(`/Sensors('rain')`, 404);
    await refused(`/Things(${key(AIR)})/Datastreams(${key(TRAFFIC)})`, 404);
    await refused(`/Things(${key(AIR)})/nothing`, 404, /no property or related entity nothing/);
    await refused('/Things/Datastreams', 400, /name one of them/);
    await refused(`/Things('unclosed)`, 400, /single quotes/);
    await refused(`/Things(${key(AIR)})/name/$value/more`, 400);
    await refused(`/Datastreams(${key(AIR)})/Thing('x')`, 400, /takes no id/);
    await refused('/Things?$top=-1', 400, /\$top must be a whole number/);
    await refused('/Things?$top=ten', 400, /\$top/);
    await refused('/Things?$skip=100001', 400, /\$skip must be a whole number from 0 to 100,000/);
    await refused('/Things?$count=yes', 400, /\$count must be true or false/);
    await refused('/Things?$filter=name eq', 400, /\$filter: a property or a value is missing/);
    await refused("/Things?$filter=substringof('Air', name)", 400, /function/);
    await refused('/Things?$filter=name add 1 eq 2', 400, /arithmetic/);
    await refused("/Observations?$filter=Datastream/name eq 'x'", 400, /related entity/);
    await refused(
      "/Things?$filter=description eq 'x'",
      400,
      /cannot be filtered or ordered by description/,
    );
    await refused(
      "/Observations?$filter=result eq 'high'",
      400,
      /result is compared with a number/,
    );
    await refused(
      '/Observations?$filter=phenomenonTime gt 2026-02-30T10:00:00Z',
      400,
      /not a date and time/,
    );
    await refused('/Observations?$filter=phenomenonTime gt 2026-11-20T10:00:00', 400, /zone/);
    await refused("/Things?$filter=(name eq 'x'", 400, /expected "\)"/);
    await refused("/Things?$filter=name eq 'x' name", 400, /unexpected/);
    await refused('/Things?$filter=' + 'not '.repeat(40) + "name eq 'x'", 400, /nests deeper/);
    await refused('/Things?$orderby=description', 400, /description/);
    await refused('/Things?$orderby=name sideways', 400, /asc or desc/);
    await refused('/Things?$select=secret', 400, /no property secret/);
    await refused('/Things?$expand=Observations', 400, /no Observations/);
    await refused('/Things?$expand=Datastreams/Observations', 400, /one level/);
    await refused('/Things?$expand=Datastreams($expand=Observations)', 400, /one level/);
    await refused('/Observations?$expand=Datastream($top=1)', 400, /takes \$select only/);
    await refused(`/Things(${key(AIR)})?$expand=Datastreams($expand=Sensor)`, 400);
    await refused(`/Datastreams?$expand=Observations($count=true)`, 400, /\$count is not offered/);
    // Names every object inherits are no properties or links of an entity.
    await refused(`/Datastreams(${key(AIR)})?$expand=valueOf`, 400, /no valueOf/);
    await refused(`/Things(${key(AIR)})/constructor`, 404);
    await refused('/Things?$select=toString', 400);
    await refused("/Things?$filter=constructor eq 'x'", 400);
    await refused('/Things?$orderby=__proto__', 400);
    await refused('/Things?$search=air', 400, /\$search is not offered/);
    await refused('/Things?$top=1&$top=2', 400, /given twice/);
    await refused('/Things?$skiptoken=abc', 400, /\$skiptoken/);
    await refused(`/Things(${key(AIR)})?$top=1`, 400, /collections/);
    await refused(`/Things(${key(AIR)})/name?$select=name`, 400, /no query options/);
    const token = new URL(
      (await read<Collection>(`/Datastreams(${key(AIR)})/Observations?$top=1&$orderby=result`))[
        '@iot.nextLink'
      ]!,
    ).searchParams.get('$skiptoken')!;
    await refused(`/Things?$skiptoken=${token}`, 400, /does not fit/);
    const post = await request('/Things', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(post.status).toBe(405);
    expect(apiErrorSchema.parse(await post.json()).error.message).toMatch(/read only/);
  });

  it('writes links with the origin a trusted proxy names, and only then', async () => {
    const headers = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'data.city.example' };
    const trusted = await appWith({ trustProxy: true }).request(`${ROOT}/Things?$top=1`, {
      headers,
    });
    const page = (await trusted.json()) as Collection;
    expect(page['@iot.nextLink']).toMatch(
      /^https:\/\/data\.city\.example\/api\/sta\/v1\.1\/Things\?/,
    );
    expect(page.value[0]!['@iot.selfLink']).toMatch(
      /^https:\/\/data\.city\.example\/api\/sta\/v1\.1\//,
    );
    const untrusted = await app.request(`${ROOT}/Things?$top=1`, { headers });
    expect(((await untrusted.json()) as Collection)['@iot.nextLink']).toMatch(
      /^http:\/\/localhost\//,
    );
    const forged = await appWith({ trustProxy: true }).request(`${ROOT}/Things?$top=1`, {
      headers: { 'X-Forwarded-Host': 'evil.example/path?x=' },
    });
    expect(((await forged.json()) as Collection)['@iot.nextLink']).toMatch(/^http:\/\/localhost\//);
  });
});
