import { EventEmitter } from 'node:events';
import type {
  Alert,
  AlertDeletedEvent,
  NoticeCreatedEvent,
  ReadingsEvent,
  SensorUpdatedEvent,
  StatsEvent,
} from '@smart-city/shared';

/**
 * What the services announce after their database work has committed. The live gateway listens and
 * forwards each event to the Socket.IO room of its city; nothing here knows about sockets.
 */
export type DomainEventMap = {
  'readings.stored': ReadingsEvent;
  'alert.created': Alert;
  'alert.updated': Alert;
  'alert.deleted': AlertDeletedEvent;
  'sensor.updated': SensorUpdatedEvent;
  'stats.changed': StatsEvent;
  /** An admin published a notice: it goes to every connected client, not one city. */
  'notice.created': NoticeCreatedEvent;
  /** A browser session ended: signed out, revoked, expired on use, or cut by a ban. */
  'session.ended': { userId: string; sessionId: string };
  /** An account was banned: every connection of it must end, bearer-token ones included. */
  'account.suspended': { userId: string };
};

export type DomainEventName = keyof DomainEventMap;

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
