import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientConfigSchema, DEFAULT_DEMO_PASSWORD } from '@smart-city/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../auth/demo-accounts';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createSmtpTransport, type MailTransport } from '../../lib/smtp-transport';
import type { Services } from '../../services';
import { getWith, postJson, signIn } from '../../test/accounts';
import { prepareTestDatabase, testDatabases } from '../../test/databases';
import { startTestSmtpServer } from '../../test/smtp-server';
import {
  createTestApp,
  createTestAuth,
  createTestEvents,
  createTestServices,
} from '../../test/test-app';
import { createUnitOfWork } from '../../lib/unit-of-work';
import { EMAIL_HOLD_MS, EMAIL_MAX_ATTEMPTS, retryDelayMs } from './email-outbox';

const T0 = Date.parse('2026-03-02T06:30:00Z');

/**
 * A database that outlives the services over it, as the database outlives a server process: an
 * embedded one in a folder of its own, or the run's PostgreSQL database reopened with a new pool.
 */
async function restartableDatabase(
  kind: 'pglite' | 'postgres',
  create: () => Promise<{ url?: string; dispose: () => Promise<void> } & DatabaseHandle>,
) {
  if (kind === 'postgres') {
    const first = await create();
    return {
      first: first as DatabaseHandle,
      reopen: () => openDatabase({ kind: 'postgres', url: first.url! }),
      dispose: first.dispose,
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smart-city-outbox-'));
  const first = await openDatabase({ kind: 'pglite', dataDir });
  await prepareTestDatabase(first);
  return {
    first,
    reopen: () => openDatabase({ kind: 'pglite', dataDir }),
    dispose: async () => {
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(testDatabases())('e-mail through the outbox on $kind', ({ kind, create }) => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let transport: MailTransport;
  let clock = new Date(T0);
  const now = () => clock;
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    transport = createSmtpTransport(smtp.url, 'Smart City <alerts@smartcity.test>');
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
    smtp.state.refuse = false;
  });

  /** The app over a database with demo accounts, its services sending through `mail`. */
  async function appOn(database: DatabaseHandle, mail: MailTransport | null) {
    const events = createTestEvents();
    const auth = createTestAuth(database, { events });
    await seedDemoAccounts(auth.auth, DEFAULT_DEMO_PASSWORD);
    const services = createTestServices(database, {
      events,
      pipelineNow: now,
      mailTransport: mail,
      // Raised by the first reading out of range: the rules' on-delays are tested apart.
      alertOnDelay: 'off',
    });
    const app = createTestApp(database, { events, auth, services });
    const cookieOf = async (email: string) =>
      (await signIn(app, email, DEFAULT_DEMO_PASSWORD)).cookie;
    return {
      app,
      services,
      admin: await cookieOf('admin@smartcity.local'),
      operator: await cookieOf('operator@smartcity.local'),
    };
  }

  /** A policy that tells the operators of Kolkata of a critical alert after ten seconds. */
  async function notifyOperatorsOfKolkata(app: ReturnType<typeof createTestApp>, admin: string) {
    const res = await postJson(
      app,
      '/api/escalation-policies',
      { city: 'kolkata', severity: 'critical', steps: [{ afterSeconds: 10, action: 'notify' }] },
      { cookie: admin },
    );
    expect(res.status).toBe(201);
  }

  async function raiseCritical(services: Services, sensorId = 'kolkata-traffic-howrah-bridge') {
    // Critical for traffic (≥ 90 %) and waste (≥ 98 %) alike.
    await services.ingest.ingest([{ sensorId, value: 99, timestamp: clock.toISOString() }]);
    return (await services.alerts.list({ q: sensorId, status: 'active', limit: 1 }))[0]!;
  }

  it('sends an escalation e-mail once, through a real SMTP server, with the alert and a link', async () => {
    const database = await create();
    try {
      const { app, services, admin } = await appOn(database, transport);
      await notifyOperatorsOfKolkata(app, admin);
      const alert = await raiseCritical(services);
      advance(10_000);
      expect(await services.escalation.run()).toBe(1);
      const [mail] = await smtp.waitFor(1);
      expect(mail).toMatchObject({
        from: 'alerts@smartcity.test',
        to: ['operator@smartcity.local'],
        subject: `[Critical] Not yet acknowledged: ${alert.title}`,
      });
      expect(mail!.text).toContain('Hello System Operator,');
      expect(mail!.text).toContain('A Critical alert in Kolkata has not been acknowledged');
      expect(mail!.text).toContain(`http://smartcity.test/alerts/${alert.id}`);
      expect(mail!.messageId).toMatch(/^<outbox-\d+@smartcity\.test>$/);

      // The send the commit started may still be marking it sent: let it finish, then look again.
      await services.emailOutbox!.sendDue();
      expect(await services.emailOutbox!.sendDue()).toBe(0);
      expect(await services.escalation.run()).toBe(0);
      expect(await services.emailOutbox!.counts()).toEqual([{ status: 'sent', count: 1 }]);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await database.dispose();
    }
  });

  it('writes each e-mail in the language its reader chose, the rule-made title too', async () => {
    const database = await create();
    try {
      const { app, services, admin, operator } = await appOn(database, transport);
      const chose = await app.request('/api/profile/preferences', {
        method: 'PATCH',
        headers: {
          'Content-Type': 'application/json',
          Origin: 'http://localhost:3000',
          Cookie: operator,
        },
        body: JSON.stringify({ language: 'bn' }),
      });
      expect(chose.status).toBe(200);
      await notifyOperatorsOfKolkata(app, admin);
      const alert = await raiseCritical(services);
      expect(alert.title).toBe('High traffic congestion at Howrah Bridge');
      advance(10_000);
      expect(await services.escalation.run()).toBe(1);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toBe('[সংকটজনক] এখনও স্বীকার করা হয়নি: Howrah Bridge-এ তীব্র যানজট');
      expect(mail!.text).toContain('নমস্কার System Operator,');
      // The alert's own words from its facts, in the same language and digits.
      expect(mail!.text).toContain('  Howrah Bridge-এ তীব্র যানজট\n  যানজট ৯৯ % (সংকটজনক: ≥ ৯০ %)');
      expect(mail!.text).toContain('Kolkata-এর একটি সতর্কতা (সংকটজনক) এখনও কেউ স্বীকার করেননি');
      expect(mail!.text).toContain(`http://smartcity.test/alerts/${alert.id}`);
    } finally {
      await database.dispose();
    }
  });

  // Two processes, one after the other, each with the demo accounts made: a minute and more when
  // the whole suite shares the machine.
  it(
    'keeps queued e-mail across a restart, and sends it exactly once after',
    { timeout: 120_000 },
    async () => {
      const store = await restartableDatabase(kind, create);
      let reopened: DatabaseHandle | undefined;
      try {
        // Process one queues two e-mails and stops: one before any sender took it, one while its
        // sender was still waiting for the SMTP server (it never answered: the process died).
        const neverAnswers: MailTransport = { send: () => new Promise(() => {}), close: () => {} };
        const first = await appOn(store.first, neverAnswers);
        await notifyOperatorsOfKolkata(first.app, first.admin);
        await raiseCritical(first.services);
        advance(10_000);
        expect(await first.services.escalation.run()).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const queued = await first.services.alerts.list({ status: 'active', limit: 5 });
        const operatorId = (await first.services.staff.list()).find(
          (s) => s.username === 'operator',
        )!.id;
        await createUnitOfWork(
          store.first.db,
          createTestEvents(),
        )((unit) =>
          first.services.notifications.deliver(unit, [
            {
              key: 'restart-test',
              kind: 'assigned',
              alert: {
                id: queued[0]!.id,
                title: queued[0]!.title,
                facts: queued[0]!.facts,
                severity: 'critical',
                city: 'kolkata',
              },
              actor: { id: 'admin', name: 'Admin User' },
              to: { userIds: [operatorId] },
            },
          ]),
        );
        expect((await first.services.emailOutbox!.counts())[0]).toEqual({
          status: 'pending',
          count: 2,
        });
        if (kind === 'pglite') await store.first.close();

        // Process two starts on the same database with a working mail server.
        reopened = await store.reopen();
        const second = createTestServices(reopened, {
          events: createTestEvents(),
          pipelineNow: now,
          mailTransport: transport,
        });
        expect(await second.emailOutbox!.sendDue()).toBe(1);
        const [assigned] = await smtp.waitFor(1);
        expect(assigned!.subject).toContain('Admin User assigned you an alert');
        // The one a dead sender held waits until its hold is over, then goes out.
        advance(EMAIL_HOLD_MS);
        expect(await second.emailOutbox!.sendDue()).toBe(1);
        await smtp.waitFor(2);
        expect(smtp.received[1]!.subject).toContain('Not yet acknowledged');
        expect(await second.emailOutbox!.sendDue()).toBe(0);
        advance(EMAIL_HOLD_MS);
        expect(await second.emailOutbox!.sendDue()).toBe(0);
        expect(smtp.received).toHaveLength(2);
        expect(await second.emailOutbox!.counts()).toEqual([{ status: 'sent', count: 2 }]);
      } finally {
        await reopened?.close();
        await store.dispose();
      }
    },
  );

  it('sends each e-mail once when two processes drain the outbox at the same moment', async () => {
    const database = await create();
    let second: DatabaseHandle | undefined;
    try {
      const { app, services, admin } = await appOn(database, transport);
      if (kind === 'postgres')
        second = await openDatabase({ kind: 'postgres', url: database.url! });
      const other = createTestServices(second ?? database, {
        events: createTestEvents(),
        pipelineNow: now,
        mailTransport: transport,
      });
      await notifyOperatorsOfKolkata(app, admin);
      for (const sensor of [
        'kolkata-traffic-howrah-bridge',
        'kolkata-waste-park-street',
        'kolkata-traffic-sealdah-station',
      ])
        await services.ingest.ingest([
          { sensorId: sensor, value: 99.5, timestamp: clock.toISOString() },
        ]);
      advance(10_000);
      await Promise.all([services.escalation.run(), other.escalation.run()]);
      await Promise.all([
        services.emailOutbox!.sendDue(),
        other.emailOutbox!.sendDue(),
        services.emailOutbox!.sendDue(),
        other.emailOutbox!.sendDue(),
      ]);
      await smtp.waitFor(3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received).toHaveLength(3);
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(3);
    } finally {
      await second?.close();
      await database.dispose();
    }
  });

  it('tries a refused e-mail again later, each time waiting longer, and gives up in the end', async () => {
    const database = await create();
    try {
      const { app, services, admin } = await appOn(database, transport);
      await notifyOperatorsOfKolkata(app, admin);
      await raiseCritical(services);
      smtp.state.refuse = true;
      advance(10_000);
      await services.escalation.run();
      const outbox = services.emailOutbox!;
      await outbox.sendDue();
      expect(await outbox.counts()).toEqual([{ status: 'pending', count: 1 }]);

      // The first retry comes after 30 s, not before.
      advance(retryDelayMs(1) - 1);
      expect(await outbox.sendDue()).toBe(0);
      smtp.state.refuse = false;
      advance(1);
      expect(await outbox.sendDue()).toBe(1);
      expect(await smtp.waitFor(1)).toHaveLength(1);

      // Another that is refused every time is given up after the last attempt.
      await raiseCritical(services, 'kolkata-waste-park-street');
      smtp.state.refuse = true;
      advance(10_000);
      await services.escalation.run();
      for (let attempt = 1; attempt <= EMAIL_MAX_ATTEMPTS; attempt++) {
        await outbox.sendDue();
        advance(retryDelayMs(attempt));
      }
      expect(await outbox.sendDue()).toBe(0);
      expect(await outbox.counts()).toEqual(
        expect.arrayContaining([
          { status: 'sent', count: 1 },
          { status: 'failed', count: 1 },
        ]),
      );
      expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    } finally {
      await database.dispose();
    }
  });

  it('holds e-mail back in quiet hours and when switched off, never the in-app notification', async () => {
    const database = await create();
    try {
      const { app, services, admin, operator } = await appOn(database, transport);
      const prefer = (notifications: object) =>
        app.request('/api/profile/preferences', {
          method: 'PATCH',
          headers: {
            'Content-Type': 'application/json',
            Origin: 'http://localhost:3000',
            Cookie: operator,
          },
          body: JSON.stringify({ notifications }),
        });
      // 06:30 UTC is 12:00 in Kolkata: quiet from 11:00 to 13:00 there.
      clock = new Date('2026-03-09T06:30:00Z');
      expect(
        (await prefer({ quietHours: { start: '11:00', end: '13:00', timeZone: 'Asia/Kolkata' } }))
          .status,
      ).toBe(200);
      await notifyOperatorsOfKolkata(app, admin);
      await raiseCritical(services);
      advance(10_000);
      expect(await services.escalation.run()).toBe(1);
      expect(await services.emailOutbox!.counts()).toEqual([]);
      const bell = (await (
        await getWith(app, '/api/notifications', { cookie: operator })
      ).json()) as {
        unread: number;
      };
      expect(bell.unread).toBe(1);

      expect((await prefer({ quietHours: null, emailAlerts: false })).status).toBe(200);
      await raiseCritical(services, 'kolkata-waste-park-street');
      advance(10_000);
      expect(await services.escalation.run()).toBe(1);
      expect(await services.emailOutbox!.counts()).toEqual([]);

      const refused = await prefer({
        quietHours: { start: '11:00', end: '11:00', timeZone: 'Asia/Kolkata' },
      });
      expect(refused.status).toBe(400);
      const nowhere = await prefer({
        quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' },
      });
      expect(nowhere.status).toBe(400);
    } finally {
      await database.dispose();
    }
  });

  it('queues nothing while SMTP is off, and the client config says e-mail is off', async () => {
    const database = await create();
    try {
      const off = await appOn(database, null);
      const config = clientConfigSchema.parse(
        await (await off.app.request('/api/client-config')).json(),
      );
      expect(config.emailEnabled).toBe(false);
      expect(off.services.emailOutbox).toBeNull();
      await notifyOperatorsOfKolkata(off.app, off.admin);
      await raiseCritical(off.services);
      advance(10_000);
      expect(await off.services.escalation.run()).toBe(1);
      const on = createTestServices(database, {
        events: createTestEvents(),
        mailTransport: transport,
      });
      expect(await on.emailOutbox!.counts()).toEqual([]);
      expect((await on.clientConfig.get()).emailEnabled).toBe(true);
    } finally {
      await database.dispose();
    }
  });
});
