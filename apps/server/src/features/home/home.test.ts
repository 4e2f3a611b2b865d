import { randomUUID } from 'node:crypto';
import {
  CITY_AREAS,
  congestionLevel,
  homeSummarySchema,
  type HomeSummary,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, signUp } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestApp } from '../../test/test-app';

type SeededSensor = { id: string; type: string; location: string; lat: number; lng: number };

const IIT = CITY_AREAS.kharagpur.find((a) => a.key === 'iit-campus')!;

/** The same flat-map distance the server measures, to know which seeded sensors are near. */
function isNear(area: { lat: number; lng: number; radiusKm: number }, s: SeededSensor): boolean {
  const km = 111.32;
  const dy = (s.lat - area.lat) * km;
  const dx = (s.lng - area.lng) * km * Math.cos((area.lat * Math.PI) / 180);
  return dx * dx + dy * dy <= area.radiusKm * area.radiusKm;
}

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

describe.each(testDatabases())('GET /api/home on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let kharagpur: SeededSensor[];
  const values = new Map<string, number>();

  async function setLatest(id: string, value: number) {
    values.set(id, value);
    await database.db
      .updateTable('sensor_latest')
      .set({ value, last_reading: new Date(), last_heard: new Date() })
      .where('sensor_id', '=', id)
      .execute();
    // Heard from, so no longer pending.
    await database.db
      .updateTable('sensors')
      .set({ status: 'active' })
      .where('id', '=', id)
      .execute();
  }

  async function raise(
    sensor: SeededSensor,
    severity: string,
    status = 'open',
    minutesAgo = 1,
    value: number | null = null,
  ) {
    await database.db
      .insertInto('alerts')
      .values({
        id: randomUUID(),
        sensor_id: sensor.id,
        city_key: 'kharagpur',
        location: sensor.location,
        rule: 'threshold',
        title: `Alert at ${sensor.location}`,
        message: 'm',
        severity,
        status,
        value,
        created_at: new Date(Date.now() - minutesAgo * 60_000),
        updated_at: new Date(),
      })
      .execute();
  }

  async function home(cookie: string, city = 'kharagpur'): Promise<HomeSummary> {
    const res = await getWith(app, `/api/home?city=${city}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return homeSummarySchema.parse(await res.json());
  }

  async function citizenIn(area: string | null) {
    const person = await signUp(app);
    if (area) {
      const res = await app.request('/api/profile', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Cookie: person.cookie },
        body: JSON.stringify({ area }),
      });
      expect(res.status).toBe(200);
    }
    return person.cookie;
  }

  const ofType = (type: string) => kharagpur.filter((s) => s.type === type);

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database);
    kharagpur = await database.db
      .selectFrom('sensors')
      .select(['id', 'type', 'location', 'lat', 'lng'])
      .where('city_key', '=', 'kharagpur')
      .orderBy('id')
      .execute();
    // Air: every sensor reports; the campus ones clean, the rest of the town smoky.
    for (const [i, s] of ofType('air_quality').entries()) {
      await setLatest(s.id, isNear(IIT, s) ? 40 + i : 140 + i);
    }
    // Water: each meter at a share of its rating, the second one low.
    for (const [i, s] of ofType('water').entries()) {
      const { metadata } = await database.db
        .selectFrom('sensors')
        .select('metadata')
        .where('id', '=', s.id)
        .executeTakeFirstOrThrow();
      const rated = Number(metadata.ratedMld);
      await setLatest(s.id, i === 1 ? rated * 0.3 : rated * 0.9);
    }
    // Traffic: each junction a different congestion, one out of service with a stale value.
    for (const [i, s] of ofType('traffic').entries()) await setLatest(s.id, 20 + i * 7);
    const stale = ofType('traffic').at(-1)!;
    await setLatest(stale.id, 100);
    await database.db
      .updateTable('sensors')
      .set({ status: 'offline' })
      .where('id', '=', stale.id)
      .execute();
    values.delete(stale.id);
    await database.db
      .insertInto('notices')
      .values({
        id: randomUUID(),
        title: 'Water supply pause in Hijli',
        content: 'Supply pauses from 10:00 to 14:00.',
        author: 'City Desk',
        created_at: new Date(Date.now() + 60_000),
        updated_at: new Date(),
      })
      .execute();
  });
  afterAll(() => database?.dispose());

  it('answers 401 without a session and 400 for an unknown or missing city', async () => {
    expect((await app.request('/api/home?city=kharagpur')).status).toBe(401);
    const cookie = await citizenIn(null);
    for (const path of ['/api/home?city=atlantis', '/api/home']) {
      const res = await getWith(app, path, { cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_input' } });
    }
  });

  it('sums up the whole city for a citizen without an area', async () => {
    const summary = await home(await citizenIn(null));
    const air = ofType('air_quality').map((s) => values.get(s.id)!);
    const aqi = Math.round(mean(air));
    expect(summary).toMatchObject({
      city: 'kharagpur',
      area: null,
      air: { scope: 'city', aqi, sensors: air.length },
      water: { scope: 'city', meters: ofType('water').length, low: 1 },
      alerts: { scope: 'city', total: 0, cityTotal: 0, items: [] },
    });
    expect(summary.air.band).toBe(aqi > 100 ? 'unhealthy-sensitive' : 'moderate');
    const traffic = ofType('traffic').filter((s) => values.has(s.id));
    const busiest = [...traffic].sort((a, b) => values.get(b.id)! - values.get(a.id)!);
    expect(summary.traffic.junctions).toBe(traffic.length);
    expect(summary.traffic.hotSpots).toEqual(
      busiest.slice(0, 3).map((s) => {
        const congestion = Math.round(values.get(s.id)!);
        return { place: s.location, congestion, level: congestionLevel(congestion) };
      }),
    );
    expect(summary.notices[0]).toMatchObject({ title: 'Water supply pause in Hijli' });
    expect(summary.notices.length).toBeLessThanOrEqual(3);
    expect(summary.emergencyNumbers.map((n) => n.number)).toEqual([
      '112',
      '100',
      '101',
      '102',
      '108',
      '1091',
      '1098',
    ]);
  });

  it("narrows to the citizen's area, and names it", async () => {
    const cookie = await citizenIn('iit-campus');
    const near = (type: string) => ofType(type).filter((s) => isNear(IIT, s));
    expect(near('air_quality').length).toBeGreaterThan(0);
    const summary = await home(cookie);
    expect(summary.area).toEqual({ key: 'iit-campus', name: 'IIT Campus' });
    expect(summary.air).toEqual({
      scope: 'area',
      aqi: Math.round(mean(near('air_quality').map((s) => values.get(s.id)!))),
      band: 'good',
      sensors: near('air_quality').length,
    });
    expect(summary.water.scope).toBe('area');
    expect(summary.water.meters).toBe(near('water').length);
    expect(summary.traffic.scope).toBe('area');
    const places = new Set(near('traffic').map((s) => s.location));
    for (const spot of summary.traffic.hotSpots) expect(places.has(spot.place)).toBe(true);
  });

  it('lists the active alerts near the citizen, worst first, without silent sensors', async () => {
    const nearby = ofType('traffic').find((s) => isNear(IIT, s))!;
    const nearAir = ofType('air_quality').find((s) => isNear(IIT, s))!;
    const far = ofType('traffic').find((s) => !isNear(IIT, s))!;
    await raise(nearby, 'warning', 'open', 5, 74.5);
    await raise(nearAir, 'critical', 'acknowledged', 10);
    await raise(far, 'high');
    // Resolved, and a sensor that went quiet: neither affects anyone now.
    await raise(nearby, 'critical', 'resolved');
    await database.db
      .insertInto('alerts')
      .values({
        id: randomUUID(),
        sensor_id: nearby.id,
        city_key: 'kharagpur',
        location: nearby.location,
        rule: 'offline',
        title: 't',
        message: 'm',
        severity: 'warning',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();

    const area = await home(await citizenIn('iit-campus'));
    expect(area.alerts).toEqual({
      scope: 'area',
      total: 2,
      cityTotal: 3,
      items: [
        {
          kind: 'air_quality',
          severity: 'critical',
          place: nearAir.location,
          since: expect.any(String),
          value: null,
        },
        {
          kind: 'traffic',
          severity: 'warning',
          place: nearby.location,
          since: expect.any(String),
          value: 74.5,
        },
      ],
    });
    const city = await home(await citizenIn(null));
    expect(city.alerts.scope).toBe('city');
    expect(city.alerts.items.map((a) => a.severity)).toEqual(['critical', 'high', 'warning']);
    expect(JSON.stringify(city)).not.toContain(nearby.id);
  });

  it('follows the city asked for: an area elsewhere is left out, and an empty city says so', async () => {
    const cookie = await citizenIn('iit-campus');
    // New York's sensors have not reported in this database.
    const summary = await home(cookie, 'new-york');
    expect(summary).toMatchObject({
      city: 'new-york',
      area: null,
      air: { scope: 'city', aqi: null, band: null, sensors: 0 },
      water: { scope: 'city', meters: 0, low: 0 },
      traffic: { scope: 'city', junctions: 0, hotSpots: [] },
      alerts: { scope: 'city', total: 0, cityTotal: 0, items: [] },
      emergencyNumbers: [{ number: '911', kind: 'all', primary: true }],
    });
  });
});
