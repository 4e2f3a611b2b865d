import type { Contract, ContractFeedback, LedgerEntryView } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signUp, TEST_ORIGIN } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers } from '../../test/test-app';

const ROAD_WORKS = {
  name: 'Park Street resurfacing',
  type: 'public_works',
  description: 'Resurfacing 2.4 km of Park Street, night work only, finished by March.',
};

describe.each(testDatabases())('civic contracts and feedback on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let context: Awaited<ReturnType<typeof createTestAppWithCallers>>;
  let contract: Contract;

  beforeAll(async () => {
    database = await create();
    context = await createTestAppWithCallers(database);
  });
  afterAll(() => database?.dispose());

  const patch = (id: string, body: unknown, cookie: string) =>
    context.app.request(`/api/contracts/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: cookie },
      body: JSON.stringify(body),
    });
  const ledgerOf = async (contractId: string) => {
    await context.services.ledger.sequence();
    const res = await context.app.request('/api/ledger/entries?limit=500');
    const { items } = (await res.json()) as { items: LedgerEntryView[] };
    return items.filter((e) => e.payload.contractId === contractId);
  };

  it('lets only an admin publish one, as version 1 recorded in the ledger', async () => {
    for (const [cookie, status] of [
      ['', 401],
      [context.citizen, 403],
      [context.operator, 403],
    ] as const) {
      const res = await postJson(context.app, '/api/contracts', ROAD_WORKS, { cookie });
      expect(res.status).toBe(status);
    }
    const created = await postJson(context.app, '/api/contracts', ROAD_WORKS, {
      cookie: context.admin,
    });
    expect(created.status).toBe(201);
    contract = (await created.json()) as Contract;
    expect(contract).toMatchObject({
      ...ROAD_WORKS,
      status: 'draft',
      version: 1,
      feedbackCount: 0,
    });
    const entries = await ledgerOf(contract.id);
    expect(entries.map((e) => e.type)).toEqual(['contract.created']);
    const listed = (await (
      await context.app.request(`/api/contracts/${contract.id}`)
    ).json()) as Contract;
    expect(listed.versions[0]).toMatchObject({
      version: 1,
      status: 'draft',
      ledgerSeq: entries[0]!.seq,
    });
  });

  it('names each bad field and stores nothing', async () => {
    const res = await postJson(
      context.app,
      '/api/contracts',
      { name: 'x', type: 'bribe', description: 'short', status: 'secret', author: 'me' },
      { cookie: context.admin },
    );
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { details: { path: string }[] } };
    expect(error.details.map((d) => d.path).sort()).toEqual([
      '(body)',
      'description',
      'name',
      'status',
      'type',
    ]);
    expect(
      ((await (await context.app.request('/api/contracts')).json()) as Contract[]).length,
    ).toBe(1);
  });

  it('makes every change a new version, recorded with what changed; a settled contract stays', async () => {
    const unchanged = await patch(contract.id, { status: 'draft' }, context.admin);
    expect(((await unchanged.json()) as Contract).version).toBe(1);
    const activated = await patch(contract.id, { status: 'active' }, context.admin);
    expect(activated.status).toBe(200);
    expect(await activated.json()).toMatchObject({ status: 'active', version: 2 });
    expect((await patch(contract.id, { status: 'active' }, context.operator)).status).toBe(403);
    const entries = await ledgerOf(contract.id);
    expect(entries.at(-1)).toMatchObject({
      type: 'contract.changed',
      payload: { version: 2, changes: { status: { from: 'draft', to: 'active' } } },
    });
    expect((await patch('no-such-contract', { status: 'active' }, context.admin)).status).toBe(404);
  });

  it('takes one piece of feedback per citizen, 1–500 characters, and records it under a pseudonym', async () => {
    const feedbackPath = `/api/contracts/${contract.id}/feedback`;
    for (const [body, path] of [
      [{ body: '' }, 'body'],
      [{ body: 'x'.repeat(501) }, 'body'],
      [{ body: 'fine', rating: 5 }, '(body)'],
      [{}, 'body'],
    ] as const) {
      const res = await postJson(context.app, feedbackPath, body, { cookie: context.citizen });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { details: { path: string }[] } };
      expect(error.details.map((d) => d.path)).toContain(path);
    }
    expect((await postJson(context.app, feedbackPath, { body: 'Good' })).status).toBe(401);
    expect(
      (await postJson(context.app, feedbackPath, { body: 'Good' }, { cookie: context.operator }))
        .status,
    ).toBe(403);

    // Exactly 500 characters, the most allowed.
    const body = `${'Please keep the school crossing open during the works. '.repeat(10).slice(0, 499)}!`;
    const given = await postJson(context.app, feedbackPath, { body }, { cookie: context.citizen });
    expect(given.status).toBe(201);
    const feedback = (await given.json()) as ContractFeedback;
    expect(feedback).toMatchObject({
      contractId: contract.id,
      body,
      author: expect.stringMatching(/^p-/),
    });
    const twice = await postJson(
      context.app,
      feedbackPath,
      { body: 'Again' },
      { cookie: context.citizen },
    );
    expect(twice.status).toBe(409);

    const neighbour = await signUp(context.app);
    const other = await postJson(
      context.app,
      feedbackPath,
      { body: 'Night work is too loud.' },
      { cookie: neighbour.cookie },
    );
    expect(other.status).toBe(201);

    // Until the sequencer chains it, a piece of feedback has no ledger entry yet (ledgerSeq null).
    await context.services.ledger.sequence();
    const listed = (await (await context.app.request(feedbackPath)).json()) as ContractFeedback[];
    expect(listed.map((f) => f.body)).toEqual(['Night work is too loud.', body]);
    expect(listed.every((f) => f.ledgerSeq !== null)).toBe(true);
    expect(JSON.stringify(listed)).not.toMatch(/@|Demo Citizen/);
    const entries = (await ledgerOf(contract.id)).filter((e) => e.type === 'contract.feedback');
    expect(entries.map((e) => e.payload.author)).toEqual([
      feedback.author,
      expect.stringMatching(/^p-/),
    ]);
  });

  it('closes feedback and changes once a contract is completed', async () => {
    expect((await patch(contract.id, { status: 'completed' }, context.admin)).status).toBe(200);
    expect((await patch(contract.id, { name: 'Renamed later' }, context.admin)).status).toBe(409);
    const neighbour = await signUp(context.app);
    const late = await postJson(
      context.app,
      `/api/contracts/${contract.id}/feedback`,
      { body: 'Too late?' },
      { cookie: neighbour.cookie },
    );
    expect(late.status).toBe(409);
  });
});
