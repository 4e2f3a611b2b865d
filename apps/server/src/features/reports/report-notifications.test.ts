import {
  notificationListSchema,
  reportDetailSchema,
  type LedgerEntryView,
  type ReportNotification,
} from '@smart-city/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport, type MailTransport } from '../../lib/smtp-transport';
import { getWith, postJson, signIn } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { startTestSmtpServer } from '../../test/smtp-server';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

const PARK_STREET = { lat: 22.5526, lng: 88.3525 };

describe.each(testDatabases())('the people of a report are told on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let transport: MailTransport;
  let app: ReturnType<typeof createTestApp>;
  let services: Awaited<ReturnType<typeof createTestAppWithCallers>>['services'];
  let admin: string;
  let operator: string;
  let citizen: string;
  let neighbour: string;
  let clock = new Date('2026-03-02T06:30:00Z');
  let keys = 0;

  const act = (cookie: string, id: string, action: string, body: unknown) =>
    postJson(app, `/api/reports/${id}/${action}`, body, { cookie });
  const reported = async (cookie: string, change: Record<string, unknown> = {}) => {
    clock = new Date(clock.getTime() + 60_000);
    const res = await postJson(
      app,
      '/api/reports',
      {
        city: 'kolkata',
        category: 'streetlight',
        description: 'The streetlight at the corner of Park Street has been dark for three nights',
        ...PARK_STREET,
        ...change,
      },
      { cookie, headers: { 'Idempotency-Key': `notify-${(keys += 1)}` } },
    );
    expect(res.status).toBe(201);
    return reportDetailSchema.parse(await res.json());
  };
  /** A person's notifications about this report, oldest first. */
  const toldOf = async (cookie: string, id: string) => {
    const res = await getWith(app, '/api/notifications?limit=100', { cookie });
    expect(res.status).toBe(200);
    return notificationListSchema
      .parse(await res.json())
      .items.filter((n): n is ReportNotification => 'report' in n && n.report.id === id)
      .reverse();
  };
  /** The subjects of the e-mails sent to an address about a report. */
  const mailsTo = (address: string, id: string) =>
    smtp.received
      .filter((mail) => mail.to.includes(address) && mail.text.includes(`/reports/${id}`))
      .map((mail) => mail.subject);
  /** A step a minute after the one before: each notification has its own time. */
  const later = () => (clock = new Date(clock.getTime() + 60_000));

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    transport = createSmtpTransport(smtp.url, 'Smart City <alerts@smartcity.test>');
    database = await create();
    ({ app, services, admin, operator, citizen } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
      mailTransport: transport,
    }));
    neighbour = (await signIn(app, 'test@smartcity.local', 'smartcity-demo')).cookie;
  });
  afterEach(() => {
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await database?.dispose();
    transport?.close();
    await smtp?.close();
  });

  it('tells the reporter and each follower of every status, with the resolution, in the app and by e-mail; never the staff member', async () => {
    const made = await reported(citizen);
    expect(
      (await postJson(app, `/api/reports/${made.id}/follow`, {}, { cookie: neighbour })).status,
    ).toBe(200);
    // The neighbour reads Bengali: their e-mail is written in it.
    const chose = await app.request('/api/profile/preferences', {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
        Cookie: neighbour,
      },
      body: JSON.stringify({ language: 'bn' }),
    });
    expect(chose.status).toBe(200);

    later();
    expect((await act(operator, made.id, 'status', { status: 'acknowledged' })).status).toBe(200);
    later();
    expect((await act(operator, made.id, 'status', { status: 'in_progress' })).status).toBe(200);
    later();
    const resolution = 'The lamp and its fuse were replaced on Tuesday evening.';
    expect(
      (await act(operator, made.id, 'status', { status: 'closed', note: resolution })).status,
    ).toBe(200);

    for (const person of [citizen, neighbour]) {
      const told = await toldOf(person, made.id);
      expect(told.map((n) => [n.kind, n.report.status, n.excerpt])).toEqual([
        ['report_status', 'acknowledged', null],
        ['report_status', 'in_progress', null],
        ['report_status', 'closed', resolution],
      ]);
      expect(told.every((n) => n.actor === null && n.readAt === null)).toBe(true);
      expect(told[0]!.report).toMatchObject({ category: 'streetlight', city: 'kolkata' });
    }
    expect(await toldOf(operator, made.id)).toEqual([]);

    await smtp.waitFor(6);
    await services.emailOutbox!.sendDue();
    expect(mailsTo('demo@smartcity.local', made.id)).toEqual(
      expect.arrayContaining([
        `Report #${made.id} is now acknowledged: Streetlight out`,
        `Report #${made.id} is now in progress: Streetlight out`,
        `Report #${made.id} is now closed: Streetlight out`,
      ]),
    );
    expect(mailsTo('test@smartcity.local', made.id)).toContain(
      `অভিযোগ #${made.id} এখন বন্ধ: রাস্তার আলো নিভে আছে`,
    );
    const closedMail = smtp.received.find(
      (mail) => mail.to.includes('demo@smartcity.local') && mail.subject.includes('closed'),
    )!;
    expect(closedMail.text).toContain(`The city wrote: "${resolution}"`);
    expect(closedMail.text).toContain(`http://smartcity.test/reports/${made.id}`);
    expect(closedMail.text).not.toMatch(/System Operator|operator@/);
  });

  it('sends no e-mail to someone who turned report e-mail off, and still tells them in the app', async () => {
    const off = await app.request('/api/profile/preferences', {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
        Cookie: citizen,
      },
      body: JSON.stringify({ notifications: { emailReports: false } }),
    });
    expect(off.status).toBe(200);
    const made = await reported(citizen, { category: 'pothole' });
    expect(
      (await act(operator, made.id, 'status', { status: 'rejected', note: 'Private land' })).status,
    ).toBe(200);
    expect((await toldOf(citizen, made.id)).map((n) => n.report.status)).toEqual(['rejected']);
    await services.emailOutbox!.sendDue();
    expect(mailsTo('demo@smartcity.local', made.id)).toEqual([]);
    await app.request('/api/profile/preferences', {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
        Cookie: citizen,
      },
      body: JSON.stringify({ notifications: { emailReports: true } }),
    });
  });

  it('tells the followers of a duplicate which report they now follow, and the assignee of what they were given', async () => {
    const first = await reported(neighbour, { category: 'water_leak' });
    const second = await reported(citizen, { category: 'water_leak' });
    expect((await act(operator, second.id, 'merge', { into: first.id })).status).toBe(200);
    const [merged] = await toldOf(citizen, second.id);
    expect(merged).toMatchObject({
      kind: 'report_merged',
      report: { id: second.id, status: 'closed', mergedInto: first.id },
    });
    expect(await toldOf(neighbour, first.id)).toEqual([]);

    const { items: staff } = (await (
      await getWith(app, '/api/staff', { cookie: admin })
    ).json()) as {
      items: { id: string; username: string }[];
    };
    const op = staff.find((s) => s.username === 'operator')!;
    expect(
      (await act(admin, first.id, 'assign', { department: 'water', assigneeId: op.id })).status,
    ).toBe(200);
    const [given] = await toldOf(operator, first.id);
    expect(given).toMatchObject({ kind: 'report_assigned', actor: expect.any(String) });
    // Giving it to oneself tells no one.
    expect(
      (await act(operator, first.id, 'assign', { department: 'water', assigneeId: op.id })).status,
    ).toBe(200);
    expect(await toldOf(operator, first.id)).toHaveLength(1);
  });

  it('escalates a report past its deadline once, to the people its city’s policy names, on the record', async () => {
    const made = await reported(citizen, { category: 'garbage' });
    const { items: staff } = (await (
      await getWith(app, '/api/staff', { cookie: admin })
    ).json()) as {
      items: { id: string; username: string }[];
    };
    const op = staff.find((s) => s.username === 'operator')!;
    expect(
      (await act(admin, made.id, 'assign', { department: 'sanitation', assigneeId: op.id })).status,
    ).toBe(200);
    // A policy for Kolkata's high alerts that notifies the admins.
    const policy = await postJson(
      app,
      '/api/escalation-policies',
      {
        city: 'kolkata',
        severity: 'high',
        steps: [{ afterSeconds: 300, action: 'notify', audience: 'admins' }],
      },
      { cookie: admin },
    );
    expect(policy.status).toBe(201);

    expect(await services.reports.escalateOverdue()).toBe(0);
    clock = new Date(Date.parse(made.dueAt) + 60_000);
    expect(await services.reports.escalateOverdue()).toBeGreaterThanOrEqual(1);
    expect(await services.reports.escalateOverdue()).toBe(0);

    expect((await toldOf(admin, made.id)).map((n) => n.kind)).toEqual(['report_overdue']);
    // The operator is told as its assignee (the policy names the admins, not the operators).
    expect((await toldOf(operator, made.id)).map((n) => n.kind)).toEqual([
      'report_assigned',
      'report_overdue',
    ]);
    // The citizen is not told of an escalation; they see it on the report's timeline.
    expect((await toldOf(citizen, made.id)).map((n) => n.kind)).toEqual([]);
    const detail = reportDetailSchema.parse(
      await (await app.request(`/api/reports/${made.id}`)).json(),
    );
    expect(detail.overdue).toBe(true);
    expect(detail.history.at(-1)).toMatchObject({ kind: 'escalated', actor: 'system' });
    const queue = (await (
      await getWith(app, '/api/reports/queue?city=kolkata&overdue=true', { cookie: operator })
    ).json()) as { items: { id: string; escalatedAt: string | null }[] };
    expect(queue.items.find((r) => r.id === made.id)?.escalatedAt).toBe(clock.toISOString());

    await services.ledger.sequence();
    const entries = (
      (await (await app.request('/api/ledger/entries?limit=500')).json()) as {
        items: LedgerEntryView[];
      }
    ).items.filter((e) => e.payload.reportId === made.id);
    expect(entries.map((e) => e.payload.step)).toContain('escalated');
  });
});
