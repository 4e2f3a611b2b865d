import {
  alertEscalationOutlookSchema,
  alertHistoryEntrySchema,
  alertSchema,
  escalationPolicyListSchema,
  escalationPolicySchema,
  escalationPreviewSchema,
  notificationListSchema,
  type Alert,
  type EscalationPolicyCreate,
} from '@smart-city/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { getWith, postJson, signUp } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  createTestServices,
  type createTestApp,
} from '../../test/test-app';
import type { Services } from '../../services';
import { z } from 'zod';

const T0 = Date.parse('2026-03-02T04:00:00Z');
const historySchema = z.array(alertHistoryEntrySchema);

describe.each(testDatabases())('escalation policies on $kind', ({ create, kind }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: Services;
  let admin: string;
  let operator: string;
  let citizen: string;
  let clock = new Date(T0);
  const now = () => clock;
  const events = createTestEvents();
  const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

  const send = (method: string, path: string, body: unknown, cookie?: string) =>
    app.request(path, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const createPolicy = async (policy: EscalationPolicyCreate) => {
    const res = await postJson(app, '/api/escalation-policies', policy, { cookie: admin });
    expect(res.status, await res.clone().text()).toBe(201);
    return escalationPolicySchema.parse(await res.json());
  };
  /** Raises a fresh alert on a sensor with an out-of-range reading at the current clock. */
  const raise = async (sensorId: string, value: number): Promise<Alert> => {
    await services.ingest.ingest([{ sensorId, value, timestamp: clock.toISOString() }]);
    const alerts = await services.alerts.list({ q: sensorId, status: 'active', limit: 5 });
    expect(alerts).toHaveLength(1);
    return alerts[0]!;
  };
  const history = async (alertId: string) =>
    historySchema.parse(
      await (await getWith(app, `/api/alerts/${alertId}/history`, { cookie: operator })).json(),
    );
  const stepsIn = async (alertId: string) =>
    (await history(alertId)).filter((entry) => entry.details?.kind === 'step');
  const notificationsOf = async (cookie: string) =>
    notificationListSchema.parse(
      await (await getWith(app, '/api/notifications?limit=100', { cookie })).json(),
    );

  beforeAll(async () => {
    database = await create();
    ({ app, services, admin, operator, citizen } = await createTestAppWithCallers(database, {
      // About alerts once raised: each is raised by its first reading out of range (the rules'
      // on-delays have tests of their own, in alarm-tuning.test.ts).
      alertOnDelay: 'off',
      events,
      pipelineNow: now,
    }));
  });
  afterAll(() => database?.dispose());

  // Each test starts with no policies and no active alerts, so no step of another test fires.
  afterEach(async () => {
    const { items } = await services.escalationPolicies.list({ limit: 200 });
    for (const policy of items) await services.escalationPolicies.remove(policy.id);
    const active = await services.alerts.list({ status: 'active', limit: 500 });
    const system = { id: 'test', name: 'Test', email: 'test@example.org', role: 'admin' as const };
    for (const alert of active)
      await services.alerts.transition(alert.id, 'resolve', system, undefined);
    advance(3600);
  });

  it('lets admins alone keep policies: create, list, change and remove', async () => {
    const body: EscalationPolicyCreate = {
      city: 'kolkata',
      severity: 'critical',
      steps: [
        { afterSeconds: 300, action: 'notify', audience: 'operators' },
        { afterSeconds: 900, action: 'notify', audience: 'admins' },
      ],
    };
    expect((await send('POST', '/api/escalation-policies', body)).status).toBe(401);
    for (const cookie of [operator, citizen]) {
      expect((await send('POST', '/api/escalation-policies', body, cookie)).status).toBe(403);
      expect((await send('GET', '/api/escalation-policies', undefined, cookie)).status).toBe(403);
    }

    const policy = await createPolicy(body);
    expect(policy).toMatchObject({
      city: 'kolkata',
      sensorType: null,
      severity: 'critical',
      steps: [
        { afterSeconds: 300, action: 'notify', audience: 'operators', severity: null },
        { afterSeconds: 900, action: 'notify', audience: 'admins', everySeconds: null },
      ],
    });
    const listed = escalationPolicyListSchema.parse(
      await (await getWith(app, '/api/escalation-policies?city=kolkata', { cookie: admin })).json(),
    );
    expect(listed).toEqual({ items: [policy], nextCursor: null });

    const changed = await send(
      'PATCH',
      `/api/escalation-policies/${policy.id}`,
      { steps: [{ afterSeconds: 60, action: 'remind', everySeconds: 120 }] },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(escalationPolicySchema.parse(await changed.json()).steps).toEqual([
      {
        afterSeconds: 60,
        action: 'remind',
        audience: 'operators',
        severity: null,
        everySeconds: 120,
      },
    ]);
    expect(
      (await send('PATCH', `/api/escalation-policies/${policy.id}`, {}, operator)).status,
    ).toBe(403);

    expect(
      (await send('DELETE', `/api/escalation-policies/${policy.id}`, undefined, admin)).status,
    ).toBe(204);
    const again = await send('DELETE', `/api/escalation-policies/${policy.id}`, undefined, admin);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('pages the policy list with a cursor', async () => {
    for (const severity of ['critical', 'high', 'warning'] as const) {
      await createPolicy({
        city: 'kharagpur',
        severity,
        steps: [{ afterSeconds: 60, action: 'notify' }],
      });
      advance(1);
    }
    const first = escalationPolicyListSchema.parse(
      await (await getWith(app, '/api/escalation-policies?limit=2', { cookie: admin })).json(),
    );
    expect(first.items.map((p) => p.severity)).toEqual(['critical', 'high']);
    const second = escalationPolicyListSchema.parse(
      await (
        await getWith(app, `/api/escalation-policies?limit=2&cursor=${first.nextCursor}`, {
          cookie: admin,
        })
      ).json(),
    );
    expect(second).toMatchObject({ items: [{ severity: 'warning' }], nextCursor: null });
    const bad = await getWith(app, '/api/escalation-policies?cursor=nonsense', { cookie: admin });
    expect(bad.status).toBe(400);
  });

  it('refuses steps that cannot work, naming the field, and a second policy for one scope', async () => {
    const cases: [unknown, string][] = [
      [{ afterSeconds: 60, action: 'raise' }, 'steps.0.severity'],
      [{ afterSeconds: 60, action: 'raise', severity: 'warning' }, 'steps.0.severity'],
      [{ afterSeconds: 60, action: 'remind' }, 'steps.0.everySeconds'],
      [{ afterSeconds: 60, action: 'notify', everySeconds: 30 }, 'steps.0.everySeconds'],
      [{ afterSeconds: -1, action: 'notify' }, 'steps.0.afterSeconds'],
      [{ afterSeconds: 1.5, action: 'notify' }, 'steps.0.afterSeconds'],
      [{ afterSeconds: 60, action: 'notify', audience: 'citizens' }, 'steps.0.audience'],
      [{ afterSeconds: 60, action: 'notify', after: 1 }, 'steps.0'],
    ];
    for (const [step, path] of cases) {
      const res = await postJson(
        app,
        '/api/escalation-policies',
        { city: 'kolkata', severity: 'high', steps: [step] },
        { cookie: admin },
      );
      expect(res.status, JSON.stringify(step)).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { path: string }[] } };
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.details.map((d) => d.path).join(' '), JSON.stringify(step)).toContain(path);
    }
    const empty = await postJson(
      app,
      '/api/escalation-policies',
      { city: 'kolkata', severity: 'high', steps: [] },
      { cookie: admin },
    );
    expect(empty.status).toBe(400);

    const policy = await createPolicy({
      city: 'kolkata',
      sensorType: 'traffic',
      severity: 'high',
      steps: [{ afterSeconds: 60, action: 'notify' }],
    });
    const twin = await postJson(
      app,
      '/api/escalation-policies',
      {
        city: 'kolkata',
        sensorType: 'traffic',
        severity: 'high',
        steps: [{ afterSeconds: 5, action: 'notify' }],
      },
      { cookie: admin },
    );
    expect(twin.status).toBe(409);
    expect(await twin.json()).toMatchObject({ error: { code: 'conflict' } });
    // A change that would make its raise step milder than the policy's severity is refused too.
    const milder = await send(
      'PATCH',
      `/api/escalation-policies/${policy.id}`,
      { severity: 'critical', steps: [{ afterSeconds: 5, action: 'raise', severity: 'high' }] },
      admin,
    );
    expect(milder.status).toBe(400);
  });

  it('fires each step once, into the history and the notifications of its audience', async () => {
    await createPolicy({
      city: 'kolkata',
      severity: 'critical',
      steps: [
        { afterSeconds: 300, action: 'notify', audience: 'operators' },
        { afterSeconds: 900, action: 'notify', audience: 'admins' },
      ],
    });
    const alert = await raise('kolkata-traffic-howrah-bridge', 97);
    expect(alert.severity).toBe('critical');

    advance(299);
    expect(await services.escalation.run()).toBe(0);
    expect(await stepsIn(alert.id)).toEqual([]);

    advance(1);
    expect(await services.escalation.run()).toBe(1);
    expect(await services.escalation.run()).toBe(0);
    const [first] = await stepsIn(alert.id);
    expect(first).toMatchObject({
      action: 'escalated',
      actor: 'system',
      toStatus: 'open',
      severity: 'critical',
      details: {
        kind: 'step',
        position: 0,
        action: 'notify',
        audience: 'operators',
        recipients: 1,
      },
    });
    const operatorBell = await notificationsOf(operator);
    expect(operatorBell.unread).toBe(1);
    expect(operatorBell.items[0]).toMatchObject({
      kind: 'escalated',
      alert: { id: alert.id, severity: 'critical', city: 'kolkata' },
      actor: null,
      readAt: null,
    });
    expect((await notificationsOf(admin)).items).toEqual([]);
    expect((await notificationsOf(citizen)).items).toEqual([]);
    const shown = alertSchema.parse(
      await (await getWith(app, `/api/alerts/${alert.id}`, { cookie: citizen })).json(),
    );
    expect(shown.escalatedAt).toBe(clock.toISOString());

    advance(600);
    expect(await services.escalation.run()).toBe(1);
    expect((await stepsIn(alert.id)).map((e) => e.details)).toMatchObject([
      { audience: 'operators' },
      { audience: 'admins', recipients: 1 },
    ]);
    expect((await notificationsOf(admin)).items).toHaveLength(1);
    expect((await notificationsOf(operator)).items).toHaveLength(1);
  });

  it('tells operators which step comes next and when, and why none comes', async () => {
    const alert = await raise('kolkata-traffic-howrah-bridge', 85);
    expect(alert.severity).toBe('high');
    const raisedAt = Date.parse(alert.createdAt);
    const at = (seconds: number) => new Date(raisedAt + seconds * 1000).toISOString();
    const path = `/api/alerts/${alert.id}/escalation`;
    const outlook = async () => {
      const res = await getWith(app, path, { cookie: operator });
      expect(res.status).toBe(200);
      return alertEscalationOutlookSchema.parse(await res.json());
    };

    expect((await send('GET', path, undefined)).status).toBe(401);
    expect((await send('GET', path, undefined, citizen)).status).toBe(403);
    const missing = await getWith(app, '/api/alerts/no-such-alert/escalation', { cookie: admin });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(await outlook()).toEqual({ policyId: null, next: null, reason: 'no-policy' });

    const policy = await createPolicy({
      city: 'kolkata',
      severity: 'high',
      steps: [
        { afterSeconds: 300, action: 'notify', audience: 'operators' },
        { afterSeconds: 1800, action: 'raise', severity: 'critical' },
        { afterSeconds: 600, action: 'remind', audience: 'operators', everySeconds: 300 },
      ],
    });
    expect(await outlook()).toEqual({
      policyId: policy.id,
      next: {
        position: 0,
        action: 'notify',
        audience: 'operators',
        severity: null,
        at: at(300),
        occurrence: 0,
      },
      reason: null,
    });

    advance(300);
    expect(await services.escalation.run()).toBe(1);
    expect((await outlook()).next).toMatchObject({ position: 2, action: 'remind', at: at(600) });

    advance(300);
    expect(await services.escalation.run()).toBe(1);
    expect((await outlook()).next).toMatchObject({ position: 2, occurrence: 1, at: at(900) });

    const ack = await send('POST', `/api/alerts/${alert.id}/acknowledge`, {}, operator);
    expect(ack.status).toBe(200);
    expect(await outlook()).toEqual({ policyId: policy.id, next: null, reason: 'not-open' });
  });

  it('reminds every everySeconds until the alert is acknowledged, then stops', async () => {
    await createPolicy({
      city: 'new-york',
      severity: 'critical',
      steps: [{ afterSeconds: 60, action: 'remind', everySeconds: 120 }],
    });
    const alert = await raise('new-york-traffic-times-square', 96);
    advance(60);
    expect(await services.escalation.run()).toBe(1);
    advance(119);
    expect(await services.escalation.run()).toBe(0);
    advance(1);
    expect(await services.escalation.run()).toBe(1);
    // Down for ten minutes: the reminders it missed are not sent in a burst, only the latest.
    advance(600);
    expect(await services.escalation.run()).toBe(1);
    const reminders = await stepsIn(alert.id);
    expect(reminders.map((entry) => [entry.action, entry.details])).toMatchObject([
      ['reminded', { occurrence: 0 }],
      ['reminded', { occurrence: 1 }],
      ['reminded', { occurrence: 6 }],
    ]);
    expect(
      (await notificationsOf(operator)).items.filter(
        (n) => 'alert' in n && n.alert.id === alert.id,
      ),
    ).toHaveLength(3);

    const ack = await postJson(
      app,
      `/api/alerts/${alert.id}/acknowledge`,
      {},
      { cookie: operator },
    );
    expect(ack.status).toBe(200);
    advance(3600);
    expect(await services.escalation.run()).toBe(0);
    expect(await stepsIn(alert.id)).toHaveLength(3);
  });

  it('raises a high alert to critical, and the critical policy counts from then', async () => {
    await createPolicy({
      city: 'kolkata',
      severity: 'high',
      steps: [{ afterSeconds: 1800, action: 'raise', severity: 'critical' }],
    });
    await createPolicy({
      city: 'kolkata',
      severity: 'critical',
      steps: [{ afterSeconds: 300, action: 'notify', audience: 'admins' }],
    });
    const alert = await raise('kolkata-traffic-sealdah-station', 84);
    expect(alert.severity).toBe('high');
    advance(1800);
    const updates: Alert[] = [];
    const off = events.on('alert:updated', (a) => updates.push(a));
    try {
      expect(await services.escalation.run()).toBe(1);
    } finally {
      off();
    }
    expect(updates).toMatchObject([{ id: alert.id, severity: 'critical', status: 'open' }]);
    const [raised] = await stepsIn(alert.id);
    expect(raised).toMatchObject({
      action: 'raised',
      fromStatus: 'open',
      severity: 'critical',
      details: { action: 'raise', recipients: 0 },
    });
    // The critical policy's five minutes start at the raise, not when the alert was raised.
    expect(await services.escalation.run()).toBe(0);
    advance(299);
    expect(await services.escalation.run()).toBe(0);
    advance(1);
    expect(await services.escalation.run()).toBe(1);
    expect((await stepsIn(alert.id)).map((e) => e.action)).toEqual(['raised', 'escalated']);
  });

  it("follows a sensor type's own policy over the city-wide default", async () => {
    await createPolicy({
      city: 'kharagpur',
      severity: 'critical',
      steps: [{ afterSeconds: 60, action: 'notify', audience: 'operators' }],
    });
    await createPolicy({
      city: 'kharagpur',
      sensorType: 'waste',
      severity: 'critical',
      steps: [{ afterSeconds: 600, action: 'notify', audience: 'admins' }],
    });
    const traffic = await raise('kharagpur-traffic-nh16-crossing', 95);
    const waste = await raise('kharagpur-waste-inda-market', 99);
    advance(60);
    expect(await services.escalation.run()).toBe(1);
    expect(await stepsIn(traffic.id)).toHaveLength(1);
    expect(await stepsIn(waste.id)).toEqual([]);
    advance(540);
    expect(await services.escalation.run()).toBe(1);
    expect((await stepsIn(waste.id))[0]?.details).toMatchObject({ audience: 'admins' });
  });

  it('leaves out the people whose preferences say no: another city, the severity switched off', async () => {
    const { user: second, cookie: secondCookie } = await signUp(app, {
      firstName: 'Ravi',
      lastName: 'Sen',
    });
    const promoted = await postJson(
      app,
      '/api/auth/admin/set-role',
      { userId: second.id, role: 'operator' },
      { cookie: admin },
    );
    expect(promoted.status).toBe(200);
    const prefer = (cookie: string, notifications: object) =>
      send('PATCH', '/api/profile/preferences', { notifications }, cookie);
    expect((await prefer(secondCookie, { alertCities: ['new-york'] })).status).toBe(200);

    await createPolicy({
      city: 'kolkata',
      severity: 'critical',
      steps: [{ afterSeconds: 10, action: 'notify', audience: 'operators' }],
    });
    const alert = await raise('kolkata-air-quality-gariahat', 230);
    advance(10);
    await services.escalation.run();
    expect((await stepsIn(alert.id))[0]?.details).toMatchObject({ recipients: 1 });
    expect((await notificationsOf(secondCookie)).items).toEqual([]);

    expect((await prefer(secondCookie, { alertCities: [], criticalAlerts: false })).status).toBe(
      200,
    );
    const other = await raise('kolkata-air-quality-park-street', 240);
    advance(10);
    await services.escalation.run();
    expect((await stepsIn(other.id))[0]?.details).toMatchObject({ recipients: 1 });
    expect((await notificationsOf(secondCookie)).items).toEqual([]);

    // Banned: nobody's audience any more.
    expect((await prefer(secondCookie, { criticalAlerts: true })).status).toBe(200);
    const banned = await postJson(
      app,
      '/api/auth/admin/ban-user',
      { userId: second.id },
      { cookie: admin },
    );
    expect(banned.status).toBe(200);
    const third = await raise('kolkata-traffic-howrah-bridge', 99);
    advance(10);
    await services.escalation.run();
    expect((await stepsIn(third.id))[0]?.details).toMatchObject({ recipients: 1 });
  });

  it('previews a draft policy against the alerts of today', async () => {
    // Mid-morning in New York, so every alert of the test falls on one local day.
    clock = new Date('2026-03-05T15:00:00Z');
    const acknowledged = await raise('new-york-waste-times-square', 99);
    advance(120);
    expect(
      (await postJson(app, `/api/alerts/${acknowledged.id}/acknowledge`, {}, { cookie: operator }))
        .status,
    ).toBe(200);
    const open = await raise('new-york-waste-world-trade-center', 99);
    advance(400);
    const draft = {
      city: 'new-york',
      severity: 'critical',
      steps: [
        { afterSeconds: 60, action: 'notify' },
        { afterSeconds: 300, action: 'remind', everySeconds: 60 },
        { afterSeconds: 3600, action: 'notify', audience: 'admins' },
      ],
    };
    expect(
      (await postJson(app, '/api/escalation-policies/preview', draft, { cookie: operator })).status,
    ).toBe(403);
    const res = await postJson(app, '/api/escalation-policies/preview', draft, { cookie: admin });
    expect(res.status).toBe(200);
    const preview = escalationPreviewSchema.parse(await res.json());
    const of = (id: string) => preview.items.find((item) => item.alert.id === id)!.steps;
    expect(of(acknowledged.id).map((s) => s.state)).toEqual(['fired', 'stopped', 'stopped']);
    expect(of(open.id).map((s) => [s.state, s.occurrences])).toEqual([
      ['fired', 1],
      ['fired', 2],
      ['upcoming', 0],
    ]);
    expect(of(open.id)[2]!.at).toBe(new Date(Date.parse(open.createdAt) + 3600_000).toISOString());
    // A preview stores nothing: no policy, no step fired.
    expect((await services.escalationPolicies.list({ limit: 10 })).items).toEqual([]);
    expect(await services.escalation.run()).toBe(0);

    await createPolicy({
      city: 'new-york',
      sensorType: 'waste',
      severity: 'critical',
      steps: [{ afterSeconds: 60, action: 'notify' }],
    });
    const overridden = escalationPreviewSchema.parse(
      await (
        await postJson(app, '/api/escalation-policies/preview', draft, { cookie: admin })
      ).json(),
    );
    const waste = overridden.items.filter((item) => item.alert.sensorType === 'waste');
    expect(waste.map((item) => item.alert.id).sort()).toEqual([acknowledged.id, open.id].sort());
    expect(waste.flatMap((item) => item.steps.map((s) => s.state))).toEqual(
      Array(6).fill('overridden'),
    );
  });

  it('fires each step once when two server processes check at the same moment', async () => {
    // A second process: its own services (and, on PostgreSQL, its own connection pool).
    let second: DatabaseHandle | undefined;
    if (kind === 'postgres') {
      second = await openDatabase({ kind: 'postgres', url: database.url! });
    }
    const other = createTestServices(second ?? database, {
      events: createTestEvents(),
      pipelineNow: now,
    });
    try {
      await createPolicy({
        city: 'kolkata',
        severity: 'critical',
        steps: [
          { afterSeconds: 30, action: 'notify', audience: 'operators' },
          { afterSeconds: 30, action: 'notify', audience: 'admins' },
          { afterSeconds: 30, action: 'remind', everySeconds: 30 },
        ],
      });
      const alerts = [
        await raise('kolkata-traffic-howrah-bridge', 98),
        await raise('kolkata-waste-park-street', 99),
        await raise('kolkata-air-quality-gariahat', 250),
      ];
      for (let round = 0; round < 4; round++) {
        advance(30);
        const fired = await Promise.all([
          services.escalation.run(),
          other.escalation.run(),
          services.escalation.run(),
          other.escalation.run(),
        ]);
        // Round one fires three steps per alert, each later round one more reminder per alert.
        expect(fired.reduce((a, b) => a + b, 0)).toBe(round === 0 ? 9 : 3);
      }
      for (const alert of alerts) {
        const steps = await stepsIn(alert.id);
        expect(steps).toHaveLength(6);
        const reminders = steps.filter((s) => s.action === 'reminded').map((s) => s.details);
        expect(reminders).toMatchObject([
          { occurrence: 0 },
          { occurrence: 1 },
          { occurrence: 2 },
          { occurrence: 3 },
        ]);
      }
      const operatorBell = await notificationsOf(operator);
      // Per alert: the first notice and four reminders.
      expect(
        operatorBell.items.filter((n) => 'alert' in n && alerts.some((a) => a.id === n.alert.id)),
      ).toHaveLength(15);
      expect(
        (await notificationsOf(admin)).items.filter(
          (n) => 'alert' in n && alerts.some((a) => a.id === n.alert.id),
        ),
      ).toHaveLength(3);
    } finally {
      await second?.close();
    }
  });
});
