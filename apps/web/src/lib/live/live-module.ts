import type { CityKey, LiveEventName, LiveEventPayload } from '@smart-city/shared';
import type { QueryClient } from '@tanstack/react-query';

/** What a live handler works with: the one query cache, and the city on screen. */
export interface LiveContext {
  queryClient: QueryClient;
  /** The city the person is looking at (events of the city they left may still arrive). */
  city: CityKey;
}

/** Why a module is asked to catch up: a (re)connection, or a switch to another city. */
type ResyncReason = 'connect' | 'city';

type LiveHandlers = {
  [K in LiveEventName]?: (payload: LiveEventPayload<K>, context: LiveContext) => void;
};

/**
 * What one part of the app does with the live connection: which cache keys each event patches,
 * what it fetches again after the connection or the city changed, and what it drops on sign-out.
 * The socket provider knows none of this; the app hands it the list of modules.
 */
export interface LiveModule {
  /** Names the module in the log when one of its handlers fails. */
  name: string;
  handlers: LiveHandlers;
  /**
   * Runs once the city's subscription is acknowledged. Events are not replayed, so whatever may
   * have changed while this client was away (or following another city) is fetched again.
   */
  resync?: (context: LiveContext & { reason: ResyncReason }) => void;
  /** Signed out: nothing of the city data the last person saw stays in the cache. */
  forget?: (queryClient: QueryClient) => void;
}
