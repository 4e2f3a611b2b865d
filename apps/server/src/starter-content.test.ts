import {
  contractListSchema,
  escalationPolicyListSchema,
  noticeListResponseSchema,
  type LedgerEntryView,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStarterContent, STARTER_CONTRACT, STARTER_NOTICES } from './starter-content';
import { getWith, TEST_ORIGIN } from './test/accounts';
import { testDatabases } from './test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  createTestServices,
  silentLogger,
} from './test/test-app';

describe.each(testDatabases())('starter content on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let context: Awaited<ReturnType<typeof createTestAppWithCallers>>;
  const now = () => new Date('2026-03-02T10:00:00Z');
  const seed = () =>
    seedStarterContent({ db: database.db, services: context.services, now, logger: silentLogger });

  beforeAll(async () => {
    database = await create();
    context = await createTestAppWithCallers(database, { pipelineNow: now });
  });
  afterAll(() => database?.dispose());

  const notices = async () =>
    noticeListResponseSchema.parse(await (await context.app.request('/api/notices')).json()).data;
  const policies = async (city: string) =>
    escalationPolicyListSchema.parse(
      await (
        await getWith(context.app, `/api/escalation-policies?city=${city}`, {
          cookie: context.admin,
        })
      ).json(),
    ).items;
  const contracts = async () =>
    contractListSchema.parse(await (await context.app.request('/api/contracts')).json());

  it('gives a fresh demo install its policies, notices and contract once', async () => {
    expect(await seed()).toEqual([
      'escalation-policy:kolkata',
      'escalation-policy:kharagpur',
      'escalation-policy:new-york',
      'notices',
      'contract',
    ]);

    for (const city of ['kolkata', 'kharagpur', 'new-york']) {
      const [policy, ...others] = await policies(city);
      expect(others).toEqual([]);
      expect(policy).toMatchObject({ city, severity: 'critical', sensorType: null });
      expect(policy!.steps).toEqual([
        {
          afterSeconds: 600,
          action: 'notify',
          audience: 'operators',
          severity: null,
          everySeconds: null,
        },
        {
          afterSeconds: 1800,
          action: 'notify',
          audience: 'admins',
          severity: null,
          everySeconds: null,
        },
      ]);
    }
    const listed = await notices();
    expect(listed.map((n) => n.title).sort()).toEqual(STARTER_NOTICES.map((n) => n.title).sort());
    expect(listed.every((n) => n.author === 'Admin User')).toBe(true);
    const [contract, ...moreContracts] = await contracts();
    expect(moreContracts).toEqual([]);
    expect(contract).toMatchObject({ name: STARTER_CONTRACT.name, status: 'active', version: 1 });

    // The notices and the contract are on the public record like any an admin publishes.
    await context.services.ledger.sequence();
    const { items } = (await (
      await context.app.request('/api/ledger/entries?limit=500')
    ).json()) as {
      items: LedgerEntryView[];
    };
    expect(items.filter((e) => e.type === 'notice.published')).toHaveLength(STARTER_NOTICES.length);
    expect(items.filter((e) => e.type === 'contract.created')).toHaveLength(1);
  });

  it('adds nothing on a restart, and what an admin removed stays removed', async () => {
    const [first] = await notices();
    const removed = await context.app.request(`/api/notices/${first!.id}`, {
      method: 'DELETE',
      headers: { Origin: TEST_ORIGIN, Cookie: context.admin },
    });
    expect(removed.status).toBe(204);
    const [policy] = await policies('kolkata');
    const deleted = await context.app.request(`/api/escalation-policies/${policy!.id}`, {
      method: 'DELETE',
      headers: { Origin: TEST_ORIGIN, Cookie: context.admin },
    });
    expect(deleted.status).toBe(204);

    expect(await seed()).toEqual([]);
    expect(await notices()).toHaveLength(STARTER_NOTICES.length - 1);
    expect(await policies('kolkata')).toEqual([]);
    expect(await policies('kharagpur')).toHaveLength(1);
    expect(await contracts()).toHaveLength(1);
  });
});

describe.each(testDatabases())('starter content without demo accounts on $kind', ({ create }) => {
  it('gives nothing when there is no demo admin', async () => {
    const database = await create();
    try {
      const services = createTestServices(database, { events: createTestEvents() });
      const given = await seedStarterContent({
        db: database.db,
        services,
        now: () => new Date('2026-03-02T10:00:00Z'),
        logger: silentLogger,
      });
      expect(given).toEqual([]);
      expect(await services.notices.list()).toEqual([]);
      expect(await services.contracts.list()).toEqual([]);
      expect((await services.escalationPolicies.list({ limit: 100 })).items).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});
