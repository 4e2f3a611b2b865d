import { EventEmitter } from 'node:events';
import type { CityKey, LiveEventName, LiveEventPayload } from '@smart-city/shared';

/**
 * What the services announce after their database work has committed. A live event keeps its wire
 * name and payload on the bus, so what a feature announces is exactly what a client receives; the
 * feature's live routes say who receives it. The other events stay inside the server.
 */
export type DomainEventMap = { [K in LiveEventName]: LiveEventPayload<K> } & {
  /** A browser session ended: signed out, revoked, expired on use, or cut by a ban. */
  'session:ended': { userId: string; sessionId: string };
  /** An account was banned: every connection of it must end, bearer-token ones included. */
  'account:suspended': { userId: string };
  /** A batch of readings committed: each sensor's latest, with what the server knows of it. */
  'readings:stored': { readings: StoredReading[] };
  /** A fold committed: these cities' latest values moved, so their figures did too. */
  'readings:folded': { cities: CityKey[] };
  /** Sensors or alerts of these cities changed: their dashboard counts are to be told again. */
  'counts:changed': { cities: string[] };
  /** Ledger entries were recorded in a committed transaction: the ledger chains them. */
  'ledger:recorded': Record<string, never>;
};

/** A sensor's latest reading of a batch, as listeners inside the server need it. */
export type StoredReading = {
  sensorId: string;
  type: string;
  city: string;
  location: string;
  value: number;
  timestamp: string;
};

type DomainEventName = keyof DomainEventMap;

export type DomainEvents = {
  emit<K extends DomainEventName>(name: K, event: DomainEventMap[K]): void;
  on<K extends DomainEventName>(name: K, listener: (event: DomainEventMap[K]) => void): () => void;
};

/** An in-process event bus; a listener that throws is logged by the caller's emitter, never the emitter. */
export function createDomainEvents(
  onListenerError: (err: unknown, name: string) => void,
): DomainEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    emit(name, event) {
      for (const listener of emitter.listeners(name)) {
        try {
          (listener as (e: typeof event) => void)(event);
        } catch (err) {
          onListenerError(err, name);
        }
      }
    },
    on(name, listener) {
      emitter.on(name, listener as (...args: unknown[]) => void);
      return () => emitter.off(name, listener as (...args: unknown[]) => void);
    },
  };
}
