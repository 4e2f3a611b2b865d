import {
  alertCountsSchema,
  alertHistoryEntrySchema,
  alertListSchema,
  alertSchema,
  cityTwinSchema,
  statsSchema,
  type Alert,
  type LedgerEntryView,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getWith, postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  type createTestApp,
  type createTestServices,
} from '../../test/test-app';

const T0 = Date.parse('2026-03-02T10:00:00Z');
const MIN = 60_000;
const historySchema = z.array(alertHistoryEntrySchema);

describe.each(testDatabases())('alert shelving on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: ReturnType<typeof createTestServices>;
  let admin: string;
  let operator: string;
  let citizen: string;
  let clock = new Date(T0);
  const now = () => clock;
  const advance = (minutes: number) => (clock = new Date(clock.getTime() + minutes * MIN));
  const events = createTestEvents();

  const get = async (path: string, cookie = operator) =>
    (await getWith(app, path, { cookie })).json();
  const list = async (query: string) =>
    alertListSchema.parse(await get(`/api/alerts?city=kolkata&limit=500&${query}`));
  const counts = async (query = '') =>
    alertCountsSchema.parse(await get(`/api/alerts/counts?city=kolkata&${query}`));
  const history = async (id: string) => historySchema.parse(await get(`/api/alerts/${id}/history`));
  const shelve = (id: string, body: unknown, cookie = operator) =>
    postJson(app, `/api/alerts/${id}/shelve`, body, { cookie });
  const unshelve = (id: string, cookie = operator) =>
    postJson(app, `/api/alerts/${id}/unshelve`, {}, { cookie });
  const ids = (alerts: Alert[]) => alerts.map((a) => a.id);

  /** Sends a reading at the current clock; returns the sensor's alert in the `status` list. */
  const raise = async (
    sensorId: string,
    value: number,
    status: 'active' | 'shelved' = 'active',
  ): Promise<Alert> => {
    await services.ingest.ingest([{ sensorId, value, timestamp: clock.toISOString() }]);
    await services.readingsFold.now();
    const [alert] = (await services.alerts.list({ q: sensorId, status, limit: 5 })).filter(
      (a) => a.rule === 'threshold',
    );
    expect(alert).toBeDefined();
    return alert!;
  };

  /** Every ledger entry about an alert, through the public API. */
  const ledgerOf = async (alertId: string) => {
    await services.ledger.sequence();
    const entries: LedgerEntryView[] = [];
    let after = '0';
    for (;;) {
      const page = (await (
        await app.request(`/api/ledger/entries?after=${after}&limit=500`)
      ).json()) as { items: LedgerEntryView[]; nextCursor: string | null };
      entries.push(...page.items);
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    return entries.filter((e) => e.payload.alertId === alertId);
  };

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

  it('takes a shelved alert out of the active lists, counts and figures, into the shelved list', async () => {
    const alert = await raise('kolkata-traffic-howrah-bridge', 84);
    expect(alert.shelvedUntil).toBeNull();
    const statsBefore = statsSchema.parse(await get('/api/stats?city=kolkata'));
    const countsBefore = await counts('status=active');
    expect(ids(await list('status=active'))).toContain(alert.id);

    const updates: Alert[] = [];
    const off = events.on('alert:updated', (a) => updates.push(a));
    const res = await shelve(alert.id, { minutes: 60, reason: '  Bridge works, crew on site  ' });
    off();
    expect(res.status).toBe(200);
    const shelved = alertSchema.parse(await res.json());
    expect(shelved).toMatchObject({
      id: alert.id,
      status: 'open',
      shelvedUntil: new Date(T0 + 60 * MIN).toISOString(),
      shelvedReason: 'Bridge works, crew on site',
      shelvedBy: 'System Operator <operator@smartcity.local>',
    });
    // Announced as the answer has it.
    expect(updates).toEqual([shelved]);

    for (const status of ['active', 'open']) {
      expect(ids(await list(`status=${status}`))).not.toContain(alert.id);
    }
    expect(ids(await list('status=shelved'))).toEqual([alert.id]);
    // Without a status every alert is listed, shelved or not.
    expect(ids(await list(''))).toContain(alert.id);

    const countsAfter = await counts('status=active');
    expect(countsAfter.byStatus.open).toBe(countsBefore.byStatus.open - 1);
    expect(countsAfter.bySeverity.high).toBe(countsBefore.bySeverity.high - 1);
    expect(countsAfter.shelved).toBe(countsBefore.shelved + 1);
    const shelvedCounts = await counts('status=shelved');
    expect(shelvedCounts.bySeverity).toEqual({ critical: 0, high: 1, warning: 0, info: 0 });

    const statsAfter = statsSchema.parse(await get('/api/stats?city=kolkata'));
    expect(statsAfter.alerts).toBe(statsBefore.alerts - 1);
    const twin = cityTwinSchema.parse(await get('/api/city-twin?city=kolkata'));
    expect(twin.activeAlerts.map((a) => a.id)).not.toContain(alert.id);

    const [entry] = (await history(alert.id)).filter((e) => e.action === 'shelved');
    expect(entry).toMatchObject({
      fromStatus: 'open',
      toStatus: 'open',
      actor: 'System Operator <operator@smartcity.local>',
      note: 'Bridge works, crew on site',
      details: { kind: 'shelve', minutes: 60, until: new Date(T0 + 60 * MIN).toISOString() },
    });
    const [recorded] = await ledgerOf(alert.id);
    expect(recorded).toMatchObject({
      type: 'alert.shelved',
      payload: {
        alertId: alert.id,
        minutes: 60,
        until: new Date(T0 + 60 * MIN).toISOString(),
        by: { role: 'operator', id: expect.stringMatching(/^p-[\w-]{12}$/) },
      },
    });
    // The public record names neither the person nor the reason.
    const text = JSON.stringify(recorded);
    expect(text).not.toContain('System Operator');
    expect(text).not.toContain('crew on site');

    // The operator brings it back: active again at once, recorded, and announced.
    const back = await unshelve(alert.id);
    expect(back.status).toBe(200);
    expect(alertSchema.parse(await back.json())).toMatchObject({
      shelvedUntil: null,
      shelvedReason: null,
      shelvedBy: null,
    });
    expect(ids(await list('status=active'))).toContain(alert.id);
    expect((await counts('status=active')).byStatus.open).toBe(countsBefore.byStatus.open);
    expect((await history(alert.id)).at(-1)).toMatchObject({
      action: 'unshelved',
      details: { kind: 'unshelve', cause: 'manual' },
    });
    expect((await ledgerOf(alert.id)).map((e) => [e.type, e.payload.cause])).toEqual([
      ['alert.shelved', undefined],
      ['alert.unshelved', 'manual'],
    ]);
    await services.alerts.transition(
      alert.id,
      'resolve',
      { id: 'test', name: 'Test', email: 'test@example.org', role: 'admin' },
      undefined,
    );
  });

  it('refuses bad bodies, closed or unshelved alerts, unknown ids and residents', async () => {
    const alert = await raise('kolkata-air-quality-gariahat', 210);
    for (const body of [
      { minutes: 0, reason: 'x' },
      { minutes: 1441, reason: 'x' },
      { minutes: 30.5, reason: 'x' },
      { minutes: 60, reason: '   ' },
      { minutes: 60, reason: 'x'.repeat(501) },
      { minutes: 60 },
      {},
    ]) {
      const res = await shelve(alert.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_input' } });
    }

    const notShelved = await unshelve(alert.id);
    expect(notShelved.status).toBe(409);
    expect(await notShelved.json()).toMatchObject({
      error: { code: 'conflict', message: 'This alert is not shelved.' },
    });

    for (const cookie of [citizen]) {
      expect((await shelve(alert.id, { minutes: 60, reason: 'x' }, cookie)).status).toBe(403);
      expect((await unshelve(alert.id, cookie)).status).toBe(403);
    }
    expect((await app.request(`/api/alerts/${alert.id}/unshelve`, { method: 'POST' })).status).toBe(
      401,
    );
    const missing = await shelve('no-such-alert', { minutes: 60, reason: 'x' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await unshelve('no-such-alert')).status).toBe(404);

    // An admin may shelve; shelving again sets a new time and reason.
    expect((await shelve(alert.id, { minutes: 30, reason: 'Sensor check' }, admin)).status).toBe(
      200,
    );
    const againRes = await shelve(alert.id, { minutes: 240, reason: 'Festival smoke' });
    expect(againRes.status, await againRes.clone().text()).toBe(200);
    const again = alertSchema.parse(await againRes.json());
    expect(again).toMatchObject({
      shelvedUntil: new Date(clock.getTime() + 240 * MIN).toISOString(),
      shelvedReason: 'Festival smoke',
    });

    // Resolving ends the shelve with the alert; an ended alert cannot be shelved.
    expect(
      (await postJson(app, `/api/alerts/${alert.id}/resolve`, {}, { cookie: operator })).status,
    ).toBe(200);
    const resolved = alertSchema.parse(await get(`/api/alerts/${alert.id}`));
    expect(resolved).toMatchObject({ status: 'resolved', shelvedUntil: null });
    const closed = await shelve(alert.id, { minutes: 60, reason: 'x' });
    expect(closed.status).toBe(409);
    expect(await closed.json()).toMatchObject({
      error: {
        code: 'conflict',
        message:
          'This alert is resolved and cannot be shelved; only open or acknowledged alerts can.',
      },
    });
    expect((await unshelve(alert.id)).status).toBe(409);
  });

  it('brings a shelved alert back when its time runs out', async () => {
    clock = new Date(T0 + 2 * 60 * MIN);
    const alert = await raise('kolkata-energy-dum-dum', 13.44);
    expect((await shelve(alert.id, { minutes: 30, reason: 'Load test' })).status).toBe(200);

    advance(29);
    expect((await services.alerts.runChecks()).unshelved).toBe(0);
    expect(ids(await list('status=shelved'))).toContain(alert.id);

    advance(1);
    // Active again the moment its time has come, before the checks have cleared it.
    expect(ids(await list('status=active'))).toContain(alert.id);
    const updates: Alert[] = [];
    const off = events.on('alert:updated', (a) => updates.push(a));
    const checked = await services.alerts.runChecks();
    off();
    expect(checked.unshelved).toBe(1);
    const back = updates.find((a) => a.id === alert.id);
    expect(back).toMatchObject({ shelvedUntil: null, shelvedReason: null, status: 'open' });
    expect(ids(await list('status=shelved'))).not.toContain(alert.id);
    expect((await history(alert.id)).at(-1)).toMatchObject({
      action: 'unshelved',
      actor: 'system',
      note: 'Shelve ended',
      details: { kind: 'unshelve', cause: 'expired' },
    });
    const ended = (await ledgerOf(alert.id)).find((e) => e.type === 'alert.unshelved');
    expect(ended?.payload).toMatchObject({ alertId: alert.id, cause: 'expired' });
    expect(ended?.payload).not.toHaveProperty('by');
    expect((await services.alerts.runChecks()).unshelved).toBe(0);
  });

  it('brings a shelved alert back when its value worsens, not when it only changes', async () => {
    clock = new Date(T0 + 4 * 60 * MIN);
    const sensor = 'kolkata-traffic-howrah-bridge';
    const alert = await raise(sensor, 84);
    expect(alert.severity).toBe('high');
    expect((await shelve(alert.id, { minutes: 120, reason: 'Match traffic' })).status).toBe(200);

    advance(1);
    // A reading no worse leaves it shelved, its value following the sensor.
    expect(await raise(sensor, 86, 'shelved')).toMatchObject({ id: alert.id, value: 86 });

    advance(1);
    const updates: Alert[] = [];
    const off = events.on('alert:updated', (a) => updates.push(a));
    const worse = await raise(sensor, 95);
    off();
    expect(worse).toMatchObject({ id: alert.id, severity: 'critical', shelvedUntil: null });
    expect(updates.at(-1)).toMatchObject({
      id: alert.id,
      severity: 'critical',
      shelvedUntil: null,
    });
    expect(ids(await list('status=active'))).toContain(alert.id);
    const entries = await history(alert.id);
    expect(entries.slice(-2).map((e) => [e.action, e.actor, e.details?.kind])).toEqual([
      ['unshelved', 'system', 'unshelve'],
      ['escalated', 'system', 'facts'],
    ]);
    expect(entries.at(-2)?.details).toEqual({ kind: 'unshelve', cause: 'worsened' });
    const ended = (await ledgerOf(alert.id)).find((e) => e.type === 'alert.unshelved');
    expect(ended?.payload).toMatchObject({ cause: 'worsened', severity: 'critical' });
  });

  it('does not escalate a shelved alert; its steps wait for the shelve to end', async () => {
    clock = new Date(T0 + 6 * 60 * MIN);
    const policy = await postJson(
      app,
      '/api/escalation-policies',
      {
        city: 'kolkata',
        severity: 'critical',
        steps: [{ afterSeconds: 300, action: 'notify', audience: 'operators' }],
      },
      { cookie: admin },
    );
    expect(policy.status).toBe(201);
    const alert = await raise('kolkata-air-quality-gariahat', 260);
    expect(alert.severity).toBe('critical');
    expect(
      (await shelve(alert.id, { minutes: 60, reason: 'Known fire, brigade there' })).status,
    ).toBe(200);
    const outlook = await get(`/api/alerts/${alert.id}/escalation`);
    expect(outlook).toMatchObject({ next: null, reason: 'shelved' });

    advance(10);
    // Other critical alerts of the city may escalate; this one waits.
    await services.escalation.run();
    const steps = async () =>
      (await history(alert.id)).filter((entry) => entry.details?.kind === 'step');
    expect(await steps()).toEqual([]);

    expect((await unshelve(alert.id)).status).toBe(200);
    expect(await services.escalation.run()).toBeGreaterThanOrEqual(1);
    expect((await steps()).map((entry) => entry.action)).toEqual(['escalated']);
  });
});
