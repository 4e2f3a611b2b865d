import {
  alertCountsSchema,
  alertGroupDetailSchema,
  alertGroupListSchema,
  alertGroupSchema,
  alertListSchema,
  FLOOD_THRESHOLD,
  ledgerEntryPageSchema,
  notificationListSchema,
  type AlertGroup,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  type createTestApp,
  type createTestServices,
} from '../../test/test-app';

const T0 = Date.parse('2026-03-02T10:00:00Z');
const OFFLINE_AFTER_S = 120;

function newSensors(prefix: string, type: 'air_quality' | 'waste', count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(4, '0')}`,
    name: `${prefix} ${i}`,
    type,
    city: 'kolkata' as const,
    location: `${prefix} street ${i}`,
    lat: 22.5 + (i % 50) * 0.001,
    lng: 88.3 + Math.floor(i / 50) * 0.001,
    unit: type === 'air_quality' ? 'AQI' : '%',
  }));
}

describe.each(testDatabases())('alarm floods on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: ReturnType<typeof createTestServices>;
  let admin: string;
  let operator: string;
  let citizen: string;
  let clock = new Date(T0);
  const events = createTestEvents();
  const seen: { name: string; event: unknown }[] = [];
  events.on('alert:created', (event) => seen.push({ name: 'alert:created', event }));
  events.on('alertGroup:updated', (event) => seen.push({ name: 'alertGroup:updated', event }));
  const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

  const read = async (path: string, cookie = operator) => {
    const res = await getWith(app, path, { cookie });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const groupsOf = async (query: string, cookie = operator) =>
    alertGroupListSchema.parse(await read(`/api/alert-groups?${query}`, cookie));
  const post = async (path: string, body: unknown = {}) =>
    postJson(app, path, body, { cookie: operator });
  const report = async (ids: readonly string[], value: number) => {
    for (let i = 0; i < ids.length; i += 1_000) {
      const readings = ids
        .slice(i, i + 1_000)
        .map((sensorId) => ({ sensorId, value, timestamp: clock.toISOString() }));
      const res = await post('/api/ingest/readings', { readings });
      expect(res.status).toBe(202);
    }
    // Heard now: the fold notes it (it would within a second anyway).
    await services.readingsFold.now();
  };

  beforeAll(async () => {
    database = await create();
    ({ app, services, admin, operator, citizen } = await createTestAppWithCallers(database, {
      // About alerts once raised: each is raised by its first reading out of range (the rules'
      // on-delays have tests of their own, in alarm-tuning.test.ts).
      alertOnDelay: 'off',
      events,
      pipelineNow: () => clock,
      sensorOfflineAfterS: OFFLINE_AFTER_S,
    }));
  }, 60_000);
  afterAll(() => database?.dispose());

  it('leaves as many alerts as the threshold allows ungrouped', async () => {
    const few = newSensors('few-aq', 'air_quality', FLOOD_THRESHOLD);
    await services.sensors.register(few);
    await report(
      few.map((s) => s.id),
      400,
    );
    expect(await groupsOf('city=kolkata')).toEqual([]);
    const alerts = alertListSchema.parse(await read('/api/alerts?city=kolkata&q=few-aq&limit=50'));
    expect(alerts).toHaveLength(FLOOD_THRESHOLD);
    expect(alerts.every((a) => a.groupId === null)).toBe(true);
  });

  it('gathers a flood of 500 crossings in a minute into one group the operator handles as one', async () => {
    const res = await postJson(
      app,
      '/api/escalation-policies',
      {
        city: 'kolkata',
        severity: 'critical',
        sensorType: 'air_quality',
        steps: [{ afterSeconds: 60, action: 'notify', audience: 'operators' }],
      },
      { cookie: admin },
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const many = newSensors('flood-aq', 'air_quality', 500);
    await services.sensors.register(many);
    seen.length = 0;
    // Ten batches of 50 over one minute.
    for (let i = 0; i < 500; i += 50) {
      await report(
        many.slice(i, i + 50).map((s) => s.id),
        420,
      );
      advance(6);
    }

    const [group, ...others] = await groupsOf('city=kolkata');
    expect(others).toEqual([]);
    // The 20 raised before the flood began are in it too: they were raised within its window.
    expect(group).toMatchObject({
      city: 'kolkata',
      sensorType: 'air_quality',
      rule: 'threshold',
      severity: 'critical',
      status: 'open',
      members: 500 + FLOOD_THRESHOLD,
      activeMembers: 500 + FLOOD_THRESHOLD,
      peakValue: 420,
    });
    const created = seen.filter((e) => e.name === 'alert:created');
    expect(created).toHaveLength(500);
    // Every alert raised once the flood began went out already in its group.
    const last = created.at(-1)!.event as { groupId: string | null };
    expect(last.groupId).toBe(group!.id);
    const told = seen.filter((e) => e.name === 'alertGroup:updated');
    expect((told.at(-1)!.event as AlertGroup).members).toBe(500 + FLOOD_THRESHOLD);

    // Its alerts, a page at a time.
    const first = alertGroupDetailSchema.parse(
      await read(`/api/alert-groups/${group!.id}?limit=200`),
    );
    expect(first.items).toHaveLength(200);
    expect(first.items.every((a) => a.groupId === group!.id)).toBe(true);
    const second = alertGroupDetailSchema.parse(
      await read(`/api/alert-groups/${group!.id}?limit=400&cursor=${first.nextCursor}`),
    );
    expect(second.items).toHaveLength(500 + FLOOD_THRESHOLD - 200);
    expect(second.nextCursor).toBeNull();

    // The escalation policy fires once for the whole flood, not 520 times.
    advance(120);
    expect(await services.escalation.run()).toBe(1);
    const bell = notificationListSchema.parse(await read('/api/notifications?limit=100'));
    expect(bell.items.filter((n) => n.kind === 'escalated')).toHaveLength(1);
  });

  it('acknowledges and resolves the group with every alert in it, one ledger entry each', async () => {
    const [group] = await groupsOf('city=kolkata');
    const members = group!.members;
    expect((await post(`/api/alert-groups/${group!.id}/resolve`, { note: '' })).status).toBe(400);
    const acknowledged = await post(`/api/alert-groups/${group!.id}/acknowledge`, {
      note: 'Crew on the way',
    });
    expect(acknowledged.status).toBe(200);
    expect(alertGroupSchema.parse(await acknowledged.json())).toMatchObject({
      status: 'acknowledged',
      activeMembers: members,
    });
    expect((await post(`/api/alert-groups/${group!.id}/acknowledge`)).status).toBe(409);
    const counts = alertCountsSchema.parse(
      await read('/api/alerts/counts?city=kolkata&q=flood-aq'),
    );
    expect(counts.byStatus.acknowledged).toBe(500);
    expect(counts.byStatus.open).toBe(0);

    const resolved = await post(`/api/alert-groups/${group!.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(alertGroupSchema.parse(await resolved.json())).toMatchObject({
      status: 'resolved',
      activeMembers: 0,
      members,
    });
    const after = alertCountsSchema.parse(await read('/api/alerts/counts?city=kolkata&q=flood-aq'));
    expect(after.byStatus.resolved).toBe(500);
    expect(await groupsOf('city=kolkata')).toEqual([]);
    expect(await groupsOf('city=kolkata&status=resolved')).toHaveLength(1);

    await services.ledger.sequence();
    const entries = ledgerEntryPageSchema
      .parse(await read('/api/ledger/entries?limit=500'))
      .items.filter((e) => e.type.startsWith('alert_group.'));
    expect(entries.map((e) => e.type)).toEqual([
      'alert_group.acknowledged',
      'alert_group.resolved',
    ]);
    expect(entries[0]!.payload).toMatchObject({
      groupId: group!.id,
      alerts: 500 + FLOOD_THRESHOLD,
    });
  });

  it('turns sensors that report once and then fall silent together into one group and one notification', async () => {
    const policy = await postJson(
      app,
      '/api/escalation-policies',
      {
        city: 'kolkata',
        severity: 'warning',
        sensorType: 'waste',
        steps: [{ afterSeconds: 60, action: 'notify', audience: 'operators' }],
      },
      { cookie: admin },
    );
    expect(policy.status).toBe(201);
    const bins = newSensors('silent-bin', 'waste', 1_000);
    await services.sensors.register(bins);
    // Registered, never heard from: nothing however long they wait (the air-quality sensors of the
    // tests before, heard from and silent since, go offline).
    advance(3_600);
    expect((await services.alerts.runChecks()).offline).toBe(500 + FLOOD_THRESHOLD);
    await report(
      bins.map((s) => s.id),
      30,
    );
    advance(OFFLINE_AFTER_S + 30);
    expect((await services.alerts.runChecks()).offline).toBe(1_000);
    const offline = (await groupsOf('city=kolkata')).filter(
      (g) => g.rule === 'offline' && g.sensorType === 'waste',
    );
    expect(offline).toHaveLength(1);
    expect(offline[0]).toMatchObject({ sensorType: 'waste', members: 1_000, severity: 'warning' });
    // One notification for the thousand.
    const before = notificationListSchema.parse(await read('/api/notifications?limit=100'));
    advance(90);
    expect(await services.escalation.run()).toBe(1);
    const bell = notificationListSchema.parse(await read('/api/notifications?limit=100'));
    expect(bell.items.length - before.items.length).toBe(1);
    // Residents are not shown sensors gone silent, nor their group.
    expect((await groupsOf('city=kolkata', citizen)).filter((g) => g.rule === 'offline')).toEqual(
      [],
    );
    const hidden = await getWith(app, `/api/alert-groups/${offline[0]!.id}`, { cookie: citizen });
    expect(hidden.status).toBe(404);
  });

  it('refuses residents, unknown groups and bad filters', async () => {
    const [group] = await groupsOf('city=kolkata');
    const asCitizen = await postJson(
      app,
      `/api/alert-groups/${group!.id}/acknowledge`,
      {},
      {
        cookie: citizen,
      },
    );
    expect(asCitizen.status).toBe(403);
    expect((await post('/api/alert-groups/nope/acknowledge')).status).toBe(404);
    expect((await getWith(app, '/api/alert-groups/nope', { cookie: operator })).status).toBe(404);
    expect(
      (await getWith(app, '/api/alert-groups?status=sideways', { cookie: operator })).status,
    ).toBe(400);
    expect((await app.request('/api/alert-groups')).status).toBe(401);
  });
});
