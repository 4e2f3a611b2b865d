import {
  ALERT_COMMENT_MAX_LENGTH,
  alertCommentListSchema,
  alertCommentSchema,
  alertHistoryEntrySchema,
  alertListSchema,
  alertSchema,
  notificationListSchema,
  notificationSchema,
  staffListSchema,
  type Alert,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getWith, postJson, signIn, signUp } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';
import type { Services } from '../../services';

const historySchema = z.array(alertHistoryEntrySchema);

describe.each(testDatabases())('assignment, comments and notifications on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: Services;
  let admin: string;
  let operator: string;
  let citizen: string;
  let operatorId: string;
  let adminId: string;
  /** A second operator, Priya Das (`@priya.das`). */
  let priya: { id: string; cookie: string };
  let alert: Alert;

  const json = async (res: Response | Promise<Response>) => (await res).json();
  const get = (path: string, cookie: string) => getWith(app, path, { cookie });
  const assign = (assigneeId: string | null, cookie: string, id = alert.id) =>
    postJson(app, `/api/alerts/${id}/assign`, { assigneeId }, { cookie });
  const comment = (body: unknown, cookie: string, id = alert.id) =>
    postJson(app, `/api/alerts/${id}/comments`, body, { cookie });
  const notificationsOf = async (cookie: string, query = '') =>
    notificationListSchema.parse(await json(get(`/api/notifications${query}`, cookie)));

  beforeAll(async () => {
    database = await create();
    ({ app, services, admin, operator, citizen } = await createTestAppWithCallers(database, {
      // About alerts once raised: each is raised by its first reading out of range (the rules'
      // on-delays have tests of their own, in alarm-tuning.test.ts).
      alertOnDelay: 'off',
    }));
    const staff = staffListSchema.parse(await json(get('/api/staff', admin))).items;
    operatorId = staff.find((s) => s.username === 'operator')!.id;
    adminId = staff.find((s) => s.username === 'admin')!.id;
    const email = 'priya.das@example.org';
    const password = 'correct-horse-battery';
    const registered = await postJson(app, '/api/auth/sign-up/email', {
      email,
      password,
      firstName: 'Priya',
      lastName: 'Das',
      username: 'priya.das',
    });
    expect(registered.status).toBe(200);
    const { user } = (await registered.json()) as { user: { id: string } };
    const promoted = await postJson(
      app,
      '/api/auth/admin/set-role',
      { userId: user.id, role: 'operator' },
      { cookie: admin },
    );
    expect(promoted.status).toBe(200);
    priya = { id: user.id, cookie: (await signIn(app, email, password)).cookie };
    await services.ingest.ingest([{ sensorId: 'kolkata-traffic-howrah-bridge', value: 97 }]);
    alert = (await services.alerts.list({ q: 'kolkata-traffic-howrah-bridge', limit: 1 }))[0]!;
  });
  afterAll(() => database?.dispose());

  it('lists the operators and admins to operators and admins only', async () => {
    const staff = staffListSchema.parse(await json(get('/api/staff', operator))).items;
    expect(staff).toEqual(
      expect.arrayContaining([
        { id: operatorId, name: 'System Operator', username: 'operator', role: 'operator' },
        { id: adminId, name: 'Admin User', username: 'admin', role: 'admin' },
        { id: priya.id, name: 'Priya Das', username: 'priya.das', role: 'operator' },
      ]),
    );
    expect(staff).toHaveLength(3);
    expect((await get('/api/staff', citizen)).status).toBe(403);
    expect((await app.request('/api/staff')).status).toBe(401);
  });

  it('lets an operator take an alert, hand it back, and not give it to someone else', async () => {
    const taken = await assign(operatorId, operator);
    expect(taken.status).toBe(200);
    expect(alertSchema.parse(await taken.json())).toMatchObject({
      id: alert.id,
      assignee: { id: operatorId, name: 'System Operator' },
    });
    const toOther = await assign(priya.id, operator);
    expect(toOther.status).toBe(403);
    expect(await toOther.json()).toMatchObject({ error: { code: 'forbidden' } });
    // Priya may not hand back an alert the other operator holds…
    expect((await assign(null, priya.cookie)).status).toBe(403);
    // …but she may take it over, and that is recorded.
    const takenOver = await assign(priya.id, priya.cookie);
    expect(takenOver.status).toBe(200);
    expect(alertSchema.parse(await takenOver.json()).assignee).toEqual({
      id: priya.id,
      name: 'Priya Das',
    });
    const handedBack = await assign(null, priya.cookie);
    expect(alertSchema.parse(await handedBack.json()).assignee).toBeNull();

    const history = historySchema.parse(
      await json(get(`/api/alerts/${alert.id}/history`, citizen)),
    );
    expect(history.filter((e) => e.action === 'assigned').map((e) => e.details)).toEqual([
      { kind: 'assignment', assignee: { id: operatorId, name: 'System Operator' }, previous: null },
      {
        kind: 'assignment',
        assignee: { id: priya.id, name: 'Priya Das' },
        previous: { id: operatorId, name: 'System Operator' },
      },
      { kind: 'assignment', assignee: null, previous: { id: priya.id, name: 'Priya Das' } },
    ]);
  });

  it('lets an admin assign anyone, and tells the assignee', async () => {
    const before = (await notificationsOf(operator)).unread;
    const res = await assign(operatorId, admin);
    expect(res.status).toBe(200);
    const after = await notificationsOf(operator);
    expect(after.unread).toBe(before + 1);
    expect(after.items[0]).toMatchObject({
      kind: 'assigned',
      actor: 'Admin User',
      alert: { id: alert.id, title: alert.title, severity: 'critical' },
    });
    // Assigning it again to the same person changes nothing and tells nobody again.
    expect((await assign(operatorId, admin)).status).toBe(200);
    expect((await notificationsOf(operator)).unread).toBe(before + 1);
  });

  it('refuses citizens, unknown people, closed alerts and malformed bodies', async () => {
    expect((await assign(operatorId, citizen)).status).toBe(403);
    expect(
      (await postJson(app, `/api/alerts/${alert.id}/assign`, { assigneeId: null })).status,
    ).toBe(401);
    const stranger = await signUp(app);
    for (const id of [stranger.user.id, 'no-such-account']) {
      const res = await assign(id, admin);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'invalid_input', details: [{ path: 'assigneeId' }] },
      });
    }
    for (const body of [{}, { assigneeId: 5 }, { assigneeId: operatorId, extra: true }]) {
      const res = await postJson(app, `/api/alerts/${alert.id}/assign`, body, { cookie: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await assign(operatorId, admin, 'no-such-alert')).status).toBe(404);

    await services.ingest.ingest([{ sensorId: 'kolkata-waste-park-street', value: 99 }]);
    const other = (await services.alerts.list({ q: 'kolkata-waste-park-street', limit: 1 }))[0]!;
    expect(
      (await postJson(app, `/api/alerts/${other.id}/resolve`, {}, { cookie: admin })).status,
    ).toBe(200);
    const closed = await assign(operatorId, admin, other.id);
    expect(closed.status).toBe(409);
    expect(await closed.json()).toMatchObject({ error: { code: 'conflict' } });
  });

  it('filters the list and its counts by assignee: mine, unassigned, someone', async () => {
    await services.ingest.ingest([{ sensorId: 'kolkata-traffic-sealdah-station', value: 96 }]);
    const free = (await services.alerts.list({ q: 'sealdah', limit: 1 }))[0]!;
    expect((await assign(operatorId, admin)).status).toBe(200);
    const ids = async (query: string, cookie: string) =>
      alertListSchema
        .parse(await json(get(`/api/alerts?city=kolkata&${query}`, cookie)))
        .map((a) => a.id);
    expect(await ids('assignee=me', operator)).toEqual([alert.id]);
    expect(await ids('assignee=me', priya.cookie)).toEqual([]);
    expect(await ids(`assignee=${operatorId}`, citizen)).toEqual([alert.id]);
    expect(await ids('assignee=unassigned&status=active', operator)).toContain(free.id);
    expect(await ids('assignee=unassigned&status=active', operator)).not.toContain(alert.id);
    const counts = (await json(get('/api/alerts/counts?city=kolkata&assignee=me', operator))) as {
      byStatus: Record<string, number>;
    };
    expect(Object.values(counts.byStatus).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('keeps the comment thread to operators and admins, oldest first, live to the city', async () => {
    for (const cookie of [citizen]) {
      expect((await get(`/api/alerts/${alert.id}/comments`, cookie)).status).toBe(403);
      expect((await comment({ body: 'Can I help?' }, cookie)).status).toBe(403);
    }
    expect((await app.request(`/api/alerts/${alert.id}/comments`)).status).toBe(401);

    const first = await comment({ body: '  Crew on the way from Esplanade.  ' }, operator);
    expect(first.status).toBe(201);
    const created = alertCommentSchema.parse(await first.json());
    expect(created).toMatchObject({
      alertId: alert.id,
      city: 'kolkata',
      author: { id: operatorId, name: 'System Operator', role: 'operator' },
      body: 'Crew on the way from Esplanade.',
      mentions: [],
    });
    const second = await comment({ body: 'Thanks, keep me posted.' }, admin);
    expect(second.status).toBe(201);

    const thread = alertCommentListSchema.parse(
      await json(get(`/api/alerts/${alert.id}/comments`, priya.cookie)),
    );
    expect(thread.items.map((c) => c.body)).toEqual([
      'Crew on the way from Esplanade.',
      'Thanks, keep me posted.',
    ]);
    expect(thread.nextCursor).toBeNull();
    const page = alertCommentListSchema.parse(
      await json(get(`/api/alerts/${alert.id}/comments?limit=1`, admin)),
    );
    expect(page.items).toHaveLength(1);
    const rest = alertCommentListSchema.parse(
      await json(get(`/api/alerts/${alert.id}/comments?limit=1&cursor=${page.nextCursor}`, admin)),
    );
    expect(rest.items.map((c) => c.body)).toEqual(['Thanks, keep me posted.']);
  });

  it('refuses empty and over-long comments and comments on unknown alerts', async () => {
    for (const body of [
      { body: '' },
      { body: '   ' },
      { body: 'x'.repeat(ALERT_COMMENT_MAX_LENGTH + 1) },
      {},
      { body: 'ok', extra: 1 },
    ]) {
      const res = await comment(body, operator);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_input' } });
    }
    expect((await comment({ body: 'x'.repeat(ALERT_COMMENT_MAX_LENGTH) }, operator)).status).toBe(
      201,
    );
    expect((await comment({ body: 'Hello' }, operator, 'no-such-alert')).status).toBe(404);
    expect((await get('/api/alerts/no-such-alert/comments', operator)).status).toBe(404);
  });

  it('notifies the operators a comment mentions, once each, never the author', async () => {
    const before = (await notificationsOf(priya.cookie)).unread;
    const res = await comment(
      { body: '@priya.das can you check the signal at the bridge? cc @operator @nobody.here' },
      operator,
    );
    expect(res.status).toBe(201);
    expect(alertCommentSchema.parse(await res.json()).mentions).toEqual([
      { id: priya.id, name: 'Priya Das' },
      { id: operatorId, name: 'System Operator' },
    ]);
    const mine = await notificationsOf(priya.cookie);
    expect(mine.unread).toBe(before + 1);
    expect(mine.items[0]).toMatchObject({
      kind: 'mentioned',
      actor: 'System Operator',
      excerpt: '@priya.das can you check the signal at the bridge? cc @operator @nobody.here',
      alert: { id: alert.id },
    });
    // The author mentioned themselves: no notification for that.
    const authors = await notificationsOf(operator);
    expect(authors.items.filter((n) => n.kind === 'mentioned')).toEqual([]);
    // An e-mail address is not a mention.
    const mail = await comment({ body: 'Sent to priya.das@example.org' }, operator);
    expect(alertCommentSchema.parse(await mail.json()).mentions).toEqual([]);
  });

  it("lists one's own notifications newest first and marks them read", async () => {
    const all = await notificationsOf(operator, '?limit=100');
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.every((n) => n.recipientId === operatorId)).toBe(true);
    const unread = await notificationsOf(operator, '?unread=true');
    expect(unread.items.every((n) => n.readAt === null)).toBe(true);
    const target = unread.items[0]!;

    // Another person's notification is not found, whoever asks.
    expect(
      (await postJson(app, `/api/notifications/${target.id}/read`, {}, { cookie: priya.cookie }))
        .status,
    ).toBe(404);
    const read = await postJson(
      app,
      `/api/notifications/${target.id}/read`,
      {},
      { cookie: operator },
    );
    expect(read.status).toBe(200);
    const marked = notificationSchema.parse(await read.json());
    expect(marked.readAt).not.toBeNull();
    const again = notificationSchema.parse(
      await json(postJson(app, `/api/notifications/${target.id}/read`, {}, { cookie: operator })),
    );
    expect(again.readAt).toBe(marked.readAt);
    expect((await notificationsOf(operator)).unread).toBe(unread.unread - 1);

    const all2 = await postJson(app, '/api/notifications/read-all', {}, { cookie: operator });
    expect(await all2.json()).toEqual({ read: unread.unread - 1 });
    expect((await notificationsOf(operator)).unread).toBe(0);
    expect((await notificationsOf(citizen)).items).toEqual([]);
    expect((await app.request('/api/notifications')).status).toBe(401);
    expect((await get('/api/notifications?limit=0', operator)).status).toBe(400);
    expect((await get('/api/notifications?cursor=zzz', operator)).status).toBe(400);
  });
});
