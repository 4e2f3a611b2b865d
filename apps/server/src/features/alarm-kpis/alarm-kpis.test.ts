import { randomUUID } from 'node:crypto';
import {
  alarmKpisSchema,
  alertCountsSchema,
  alertListSchema,
  apiErrorSchema,
  type AlertCounts,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.parse('2026-03-02T12:00:00Z');
const FROM_24H = NOW - 24 * HOUR;
/** A moment in the 24-hour window: `minute` minutes into its 10-minute bucket `bucket`. */
const inBucket = (bucket: number, minute = 0) =>
  new Date(FROM_24H + bucket * 10 * MIN + minute * MIN);
const ago = (ms: number) => new Date(NOW - ms);
const iso = (d: Date | number) => new Date(d).toISOString();

type AlertSeed = {
  sensor: string;
  at: Date;
  rule?: string;
  status?: string;
  city?: string;
  suppressed?: boolean;
  chattering?: boolean;
  shelvedUntil?: Date;
  groupId?: string;
};

type GroupSeed = {
  city?: string;
  type: string;
  createdAt: Date;
  lastJoinedAt: Date;
  resolvedAt?: Date;
};

describe.each(testDatabases())('alarm KPIs on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let admin: string;
  let operator: string;
  let citizen: string;
  const ids: Record<string, string[]> = {};
  /** The seeded sensors the test's names stand for (`kolkata-a` is Kolkata's first, and so on). */
  const sensorIds: Record<string, string> = {};
  const sensorOf = (name: string) => sensorIds[name]!;

  const insertGroup = async (group: GroupSeed) => {
    const id = randomUUID();
    await database.db
      .insertInto('alert_groups')
      .values({
        id,
        city_key: group.city ?? 'kolkata',
        sensor_type: group.type,
        rule: 'threshold',
        status: group.resolvedAt ? 'resolved' : 'open',
        severity: 'high',
        leader_id: randomUUID(),
        members: 25,
        active_members: group.resolvedAt ? 0 : 25,
        peak_value: null,
        created_at: group.createdAt,
        last_joined_at: group.lastJoinedAt,
        updated_at: group.lastJoinedAt,
        resolved_at: group.resolvedAt ?? null,
      })
      .execute();
    return id;
  };

  const insertAlert = async (alert: AlertSeed) => {
    const id = randomUUID();
    await database.db
      .insertInto('alerts')
      .values({
        id,
        sensor_id: sensorOf(alert.sensor),
        city_key: alert.city ?? 'kolkata',
        location: `Location of ${alert.sensor}`,
        rule: alert.rule ?? 'threshold',
        title: `${alert.sensor} raised at ${iso(alert.at)}`,
        message: 'm',
        severity: 'high',
        status: alert.status ?? 'resolved',
        value: null,
        created_at: alert.at,
        updated_at: alert.at,
        suppressed: alert.suppressed ?? false,
        chattering: alert.chattering ?? false,
        shelved_until: alert.shelvedUntil ?? null,
        group_id: alert.groupId ?? null,
      })
      .execute();
    (ids[alert.sensor] ??= []).push(id);
    return id;
  };

  const get = (path: string, cookie = operator) => getWith(app, path, { cookie });
  const kpis = async (query: string, cookie = operator) => {
    const res = await get(`/api/alarm-kpis?${query}`, cookie);
    expect(res.status).toBe(200);
    return alarmKpisSchema.parse(await res.json());
  };
  const list = async (query: string) => {
    const res = await get(`/api/alerts?city=kolkata&limit=500&${query}`);
    expect(res.status).toBe(200);
    return alertListSchema.parse(await res.json());
  };
  const counts = async (query: string) => {
    const res = await get(`/api/alerts/counts?city=kolkata&${query}`);
    expect(res.status).toBe(200);
    return alertCountsSchema.parse(await res.json());
  };
  const allCounted = (c: AlertCounts) =>
    Object.values(c.byStatus).reduce((a, b) => a + b, 0) + c.shelved + c.suppressed;
  const severityTotal = (c: AlertCounts) => Object.values(c.bySeverity).reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    database = await create();
    ({ app, admin, operator, citizen } = await createTestAppWithCallers(database, {
      pipelineNow: () => new Date(NOW),
    }));
    for (const city of ['kolkata', 'kharagpur']) {
      const rows = await database.db
        .selectFrom('sensors')
        .select('id')
        .where('city_key', '=', city)
        .orderBy('id')
        .limit(8)
        .execute();
      rows.forEach((row, i) => (sensorIds[`${city}-${'abcdefgh'[i]}`] = row.id));
    }
    sensorIds['kharagpur-x'] = sensorIds['kharagpur-a']!;

    // Floods: 15 minutes at the window's start (a group made before it), two overlapping groups
    // of other kinds (10:00 before to 8:30 before: 90 minutes once merged), and one still flooding
    // (5 minutes up to now). Kharagpur's group is not Kolkata's.
    await insertGroup({
      type: 'air_quality',
      createdAt: ago(30 * HOUR),
      lastJoinedAt: ago(24 * HOUR - 5 * MIN),
      resolvedAt: ago(20 * HOUR),
    });
    await insertGroup({
      type: 'water',
      createdAt: ago(10 * HOUR),
      lastJoinedAt: ago(9 * HOUR),
      resolvedAt: ago(8 * HOUR + 58 * MIN),
    });
    const flooding = await insertGroup({
      type: 'traffic',
      createdAt: ago(9 * HOUR + 30 * MIN),
      lastJoinedAt: ago(8 * HOUR + 40 * MIN),
    });
    await insertGroup({ type: 'air_quality', createdAt: ago(5 * MIN), lastJoinedAt: ago(MIN) });
    await insertGroup({
      city: 'kharagpur',
      type: 'air_quality',
      createdAt: ago(12 * HOUR),
      lastJoinedAt: ago(2 * HOUR),
    });

    // kolkata-a: 5 alerts in bucket 100, the last 3 chattering.
    for (let i = 1; i <= 5; i++) {
      await insertAlert({ sensor: 'kolkata-a', at: inBucket(100, i), chattering: i > 2 });
    }
    // kolkata-b: 3 alerts, one of them in bucket 100 (which then holds the peak: 6).
    for (const [bucket, minute] of [
      [100, 6],
      [50, 0],
      [10, 0],
    ] as const) {
      await insertAlert({ sensor: 'kolkata-b', at: inBucket(bucket, minute) });
    }
    // kolkata-c: 3 offline alerts, raised later than kolkata-b's, in the flood group.
    for (const bucket of [120, 121, 122]) {
      await insertAlert({
        sensor: 'kolkata-c',
        rule: 'offline',
        at: inBucket(bucket, 3),
        groupId: flooding,
      });
    }
    // kolkata-h: one still open, two hours old.
    await insertAlert({ sensor: 'kolkata-h', at: ago(2 * HOUR), status: 'open' });
    // Raised inside a maintenance window: counted apart, in no other figure.
    await insertAlert({ sensor: 'kolkata-d', at: inBucket(100, 7), suppressed: true });
    // Before the 24-hour window: standing (open, 30 hours), shelved (26 hours), suppressed.
    await insertAlert({ sensor: 'kolkata-e', at: ago(30 * HOUR), status: 'open' });
    await insertAlert({
      sensor: 'kolkata-f',
      at: ago(26 * HOUR),
      status: 'acknowledged',
      shelvedUntil: ago(-HOUR),
    });
    await insertAlert({
      sensor: 'kolkata-g',
      at: ago(25 * HOUR),
      status: 'open',
      suppressed: true,
    });
    // Another city's alert in the window.
    await insertAlert({ sensor: 'kharagpur-x', city: 'kharagpur', at: ago(HOUR), status: 'open' });
  });
  afterAll(() => database?.dispose());

  it('computes every figure of the last 24 hours', async () => {
    const figures = await kpis('city=kolkata');
    expect(figures).toMatchObject({
      city: 'kolkata',
      window: '24h',
      from: iso(FROM_24H),
      to: iso(NOW),
      announced: 12,
      suppressed: 1,
      floodMinutes: 110,
      floodAlerts: 3,
      shelvedNow: 1,
      standing: { count: 1, oldestAt: iso(ago(30 * HOUR)), raisedBefore: iso(ago(24 * HOUR)) },
      chattering: { alerts: 3, sensors: 1 },
    });
    expect(figures.floodShare).toBeCloseTo(110 / 1440, 10);
    expect(figures.rate.averagePer10Min).toBeCloseTo(12 / 144, 10);
    expect(figures.rate).toMatchObject({
      peakPer10Min: 6,
      peakAt: iso(inBucket(100)),
      manageable: 1,
      overDemanding: 10,
    });
    expect(figures.rate.buckets).toHaveLength(144);
    expect(figures.rate.buckets[0]).toEqual({ at: iso(FROM_24H), count: 0 });
    const nonEmpty = figures.rate.buckets
      .map((b, i) => [i, b.count] as const)
      .filter(([, count]) => count > 0);
    expect(nonEmpty).toEqual([
      [10, 1],
      [50, 1],
      [100, 6],
      [120, 1],
      [121, 1],
      [122, 1],
      [132, 1],
    ]);
    expect(figures.top.map((t) => [t.sensorId, t.rule, t.count])).toEqual([
      [sensorOf('kolkata-a'), 'threshold', 5],
      // Equal counts: the most recently raised first.
      [sensorOf('kolkata-c'), 'offline', 3],
      [sensorOf('kolkata-b'), 'threshold', 3],
      [sensorOf('kolkata-h'), 'threshold', 1],
    ]);
    expect(figures.top[0]).toMatchObject({
      location: 'Location of kolkata-a',
      title: `kolkata-a raised at ${iso(inBucket(100, 5))}`,
    });
  });

  it('computes the figures of the last 7 days', async () => {
    const figures = await kpis('city=kolkata&window=7d');
    expect(figures.window).toBe('7d');
    expect(figures.from).toBe(iso(NOW - 7 * 24 * HOUR));
    expect(figures.rate.buckets).toHaveLength(1008);
    expect(figures.announced).toBe(14);
    expect(figures.suppressed).toBe(2);
    expect(figures.rate.averagePer10Min).toBeCloseTo(14 / 1008, 10);
    // The first group floods for 6 h 15 min once the window holds all of it.
    expect(figures.floodMinutes).toBe(375 + 90 + 5);
    expect(figures.standing.count).toBe(1);
  });

  it('keeps the top list to the 10 most frequent', async () => {
    const figures = await kpis('city=kharagpur');
    expect(figures.announced).toBe(1);
    expect(figures.top).toHaveLength(1);
    expect(figures.floodMinutes).toBe(610);
    // Kolkata's own list never exceeds ten rows, whatever the window holds.
    expect((await kpis('city=kolkata&window=7d')).top.length).toBeLessThanOrEqual(10);
  });

  it('answers an empty city with zeros', async () => {
    const figures = await kpis('city=new-york');
    expect(figures).toMatchObject({
      announced: 0,
      suppressed: 0,
      floodShare: 0,
      floodMinutes: 0,
      top: [],
      standing: { count: 0, oldestAt: null },
      shelvedNow: 0,
      chattering: { alerts: 0, sensors: 0 },
      rate: { averagePer10Min: 0, peakPer10Min: 0, peakAt: null },
    });
  });

  it('lists exactly the alerts behind each figure, with counts that agree', async () => {
    const figures = await kpis('city=kolkata');
    const window = `from=${figures.from}&to=${figures.to}`;
    const sorted = (values: string[]) => [...values].sort();
    const behind = async (query: string, expected: string[], count: number) => {
      const alerts = await list(query);
      expect(sorted(alerts.map((a) => a.id))).toEqual(sorted(expected));
      expect(alerts).toHaveLength(count);
      const c = await counts(query);
      expect(severityTotal(c)).toBe(count);
    };

    const announced = ['kolkata-a', 'kolkata-b', 'kolkata-c', 'kolkata-h'].flatMap((s) => ids[s]!);
    await behind(`status=announced&${window}`, announced, figures.announced);
    const peakTo = iso(Date.parse(figures.rate.peakAt!) + 10 * MIN);
    await behind(
      `status=announced&from=${figures.rate.peakAt}&to=${peakTo}`,
      [...ids['kolkata-a']!, ids['kolkata-b']![0]!],
      figures.rate.peakPer10Min,
    );
    await behind(
      `status=announced&${window}&chattering=true`,
      ids['kolkata-a']!.slice(2),
      figures.chattering.alerts,
    );
    await behind(`status=announced&${window}&grouped=true`, ids['kolkata-c']!, figures.floodAlerts);
    for (const [name, top] of ['kolkata-a', 'kolkata-c', 'kolkata-b', 'kolkata-h'].map(
      (n, i) => [n, figures.top[i]!] as const,
    )) {
      await behind(
        `status=announced&${window}&sensorId=${top.sensorId}&rule=${top.rule}`,
        ids[name]!,
        top.count,
      );
    }
    await behind(
      `status=active&raisedBefore=${figures.standing.raisedBefore}`,
      ids['kolkata-e']!,
      figures.standing.count,
    );
    await behind('status=shelved', ids['kolkata-f']!, figures.shelvedNow);
    await behind(`status=suppressed&${window}`, ids['kolkata-d']!, figures.suppressed);

    // Without a status every alert of the window is listed and counted, suppressed or not.
    const everything = await counts(window);
    expect(allCounted(everything)).toBe(figures.announced + figures.suppressed);
    // `chattering=false` leaves the chattering alerts out.
    expect(await list(`status=announced&${window}&chattering=false`)).toHaveLength(
      figures.announced - figures.chattering.alerts,
    );
    // The status counts follow the narrowing filters too.
    const ofA = await counts(`sensorId=${sensorOf('kolkata-a')}`);
    expect(ofA.byStatus.resolved).toBe(5);
    expect(allCounted(ofA)).toBe(5);
  });

  it('refuses citizens and strangers, and invalid queries, in the one error shape', async () => {
    expect((await get('/api/alarm-kpis?city=kolkata', admin)).status).toBe(200);
    const refused = await get('/api/alarm-kpis?city=kolkata', citizen);
    expect(refused.status).toBe(403);
    expect(apiErrorSchema.safeParse(await refused.json()).success).toBe(true);
    const stranger = await app.request('/api/alarm-kpis?city=kolkata');
    expect(stranger.status).toBe(401);
    expect(apiErrorSchema.safeParse(await stranger.json()).success).toBe(true);
    for (const query of ['', 'city=atlantis', 'city=kolkata&window=1h', 'city=kolkata&window=']) {
      const res = await get(`/api/alarm-kpis?${query}`);
      expect(res.status, query).toBe(400);
      expect(apiErrorSchema.safeParse(await res.json()).success).toBe(true);
    }
    for (const query of ['from=yesterday', 'chattering=yes', 'raisedBefore=1', 'rule=']) {
      expect((await get(`/api/alerts?city=kolkata&${query}`)).status, query).toBe(400);
      expect((await get(`/api/alerts/counts?city=kolkata&${query}`)).status, query).toBe(400);
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    expect(doc.paths['/api/alarm-kpis']?.get).toBeDefined();
    const alertParams = doc.paths['/api/alerts']?.get?.parameters?.map((p) => p.name) ?? [];
    for (const name of [
      'from',
      'to',
      'raisedBefore',
      'chattering',
      'grouped',
      'sensorId',
      'rule',
    ]) {
      expect(alertParams).toContain(name);
    }
  });
});
