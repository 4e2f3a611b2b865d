import type { CityKey, LiveEventName, LiveEventPayload, Role } from '@smart-city/shared';

/**
 * Who receives a live event: every connection; the followers of one city; those of them who hold
 * one of some roles (operations staff, say); or every connection of one person.
 */
export type LiveAudience =
  'everyone' | { city: CityKey } | { city: CityKey; roles: readonly Role[] } | { user: string };

/**
 * The payloads one audience gathered since its last message. `take` makes the next message, or
 * null when nothing gathered is worth sending.
 */
export type LiveBatch<P> = {
  add(payload: P): void;
  take(): P | null;
  /** Whether a `take` left payloads for the next message (a batch that bounds its size). */
  hasMore?(): boolean;
};

/** How a feature's event leaves the bus for the live connections. */
type LiveRouteOf<K extends LiveEventName> = {
  event: K;
  /** Several audiences reach each connection in any of them once. */
  audience: (payload: LiveEventPayload<K>) => LiveAudience | readonly LiveAudience[];
  /**
   * Holds the event back so an audience gets at most one message per `intervalMs`, made by a batch
   * of the payloads in between; without it each event goes out at once.
   */
  coalesce?: { intervalMs: number; batch: () => LiveBatch<LiveEventPayload<K>> };
};

/** A route of any live event; a feature declares its own in `<feature>.live.ts`. */
export type LiveRoute = { [K in LiveEventName]: LiveRouteOf<K> }[LiveEventName];
