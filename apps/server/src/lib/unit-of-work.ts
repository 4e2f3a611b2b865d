import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { DomainEventMap, DomainEvents } from '../live/domain-events';

type EventName = keyof DomainEventMap;

/** A transaction under way, and what it publishes once it has committed. */
export type Work = {
  trx: Transaction<Database>;
  /**
   * Publishes `event` on the bus once the transaction has committed, in the order given; never
   * when it rolls back. `counts:changed` events are merged into one, `ledger:recorded` too.
   */
  publish<K extends EventName>(name: K, event: DomainEventMap[K]): void;
  /** Runs `effect` in this process once the transaction has committed (a metric, a timer). */
  afterCommit(effect: () => void): void;
};

/** Runs `work` in one transaction and publishes what it collected once the transaction commits. */
export type UnitOfWork = <T>(work: (unit: Work) => Promise<T>) => Promise<T>;

/**
 * The one place that publishes a change: services write inside `unitOfWork(async (unit) => …)`,
 * collect their domain events with `unit.publish`, and the events go out after the commit
 * (decision 0048). Listeners on the bus do the rest: the live gateway tells the clients, the stats
 * recount a city, the ledger chains its new entries.
 */
export function createUnitOfWork(db: Kysely<Database>, events: DomainEvents): UnitOfWork {
  return async (work) => {
    const collected: { name: EventName; event: unknown }[] = [];
    const effects: (() => void)[] = [];
    const cities = new Set<string>();
    let ledger = false;
    const result = await db.transaction().execute((trx) =>
      work({
        trx,
        publish(name, event) {
          if (name === 'counts:changed') {
            for (const city of (event as DomainEventMap['counts:changed']).cities) cities.add(city);
          } else if (name === 'ledger:recorded') ledger = true;
          else collected.push({ name, event });
        },
        afterCommit: (effect) => effects.push(effect),
      }),
    );
    for (const effect of effects) effect();
    for (const { name, event } of collected)
      events.emit(name, event as DomainEventMap[typeof name]);
    if (cities.size > 0) events.emit('counts:changed', { cities: [...cities] });
    if (ledger) events.emit('ledger:recorded', {});
    return result;
  };
}
