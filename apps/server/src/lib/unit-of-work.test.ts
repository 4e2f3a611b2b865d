import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainEvents, type DomainEventMap } from '../live/domain-events';
import { testDatabases } from '../test/databases';
import { createUnitOfWork } from './unit-of-work';

describe.each(testDatabases())('a unit of work on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => database?.dispose());

  // Any row will do: the starter-content marks are the smallest table.
  const write = (trx: Pick<typeof database.db, 'insertInto'>, name: string) =>
    trx.insertInto('starter_content').values({ name, seeded_at: new Date() }).execute();
  const stored = async (name: string) =>
    (await database.db
      .selectFrom('starter_content')
      .select('name')
      .where('name', '=', name)
      .executeTakeFirst()) !== undefined;

  function recorded() {
    const events = createDomainEvents((err) => {
      throw err;
    });
    const heard: { name: string; event: unknown }[] = [];
    for (const name of ['notice:created', 'counts:changed', 'ledger:recorded'] as const)
      events.on(name, (event: DomainEventMap[typeof name]) => heard.push({ name, event }));
    return { unitOfWork: createUnitOfWork(database.db, events), heard };
  }

  it('publishes what it collected once the transaction has committed, not before', async () => {
    const { unitOfWork, heard } = recorded();
    const effects: string[] = [];
    await unitOfWork(async (unit) => {
      await write(unit.trx, 'uow-committed');
      unit.publish('ledger:recorded', {});
      unit.publish('counts:changed', { cities: ['kolkata'] });
      unit.publish('counts:changed', { cities: ['kolkata', 'new-york'] });
      unit.afterCommit(() => effects.push('after'));
      unit.publish('ledger:recorded', {});
      expect(heard).toEqual([]);
      expect(effects).toEqual([]);
    });
    expect(await stored('uow-committed')).toBe(true);
    // Counts and ledger notices merged into one each, after the events in their order.
    expect(heard).toEqual([
      { name: 'counts:changed', event: { cities: ['kolkata', 'new-york'] } },
      { name: 'ledger:recorded', event: {} },
    ]);
    expect(effects).toEqual(['after']);
  });

  it('publishes nothing and runs no effect when the transaction rolls back', async () => {
    const { unitOfWork, heard } = recorded();
    const effects: string[] = [];
    await expect(
      unitOfWork(async (unit) => {
        await write(unit.trx, 'uow-rolled-back');
        unit.publish('notice:created', {
          id: 'uow-rolled-back',
          title: 'x',
          content: 'x',
          imageUrl: null,
          videoUrl: null,
          linkUrl: null,
          author: 'x',
          createdAt: '2026-11-20T10:00:00.000Z',
        });
        unit.publish('counts:changed', { cities: ['kolkata'] });
        unit.afterCommit(() => effects.push('after'));
        throw new Error('the work failed after writing');
      }),
    ).rejects.toThrow('the work failed');
    expect(await stored('uow-rolled-back')).toBe(false);
    expect(heard).toEqual([]);
    expect(effects).toEqual([]);
  });
});
