import { createContext, useContext } from 'react';
import { ALERT_BADGE_CAP } from '../constants';
import type { FallbackSensor } from './fallback-readings';
import { formatDigits } from '../format/numbers';

/**
 * The live connection as screens see it: still making its first connection (for up to
 * FIRST_CONNECTION_GRACE_MS), connected, down (reconnecting on its own), or refused because this
 * page speaks an older live protocol than the server (a reload fixes it).
 */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'outdated';

/** How long a first connection may take before the page says the connection is down. */
export const FIRST_CONNECTION_GRACE_MS = 3_000;

/** The simulated values while the connection is down, as of their last tick. */
export interface FallbackTick {
  sensors: readonly FallbackSensor[];
  /** When the tick was made (ISO). */
  at: string;
}

export const LiveConnectionContext = createContext<ConnectionState | null>(null);
export const LiveFallbackContext = createContext<FallbackTick | null>(null);

/** The error a live hook throws outside its provider: a wiring mistake, worth a clear message. */
const OUTSIDE_PROVIDER_MESSAGE = 'useSocket must be used within a SocketProvider';

/** The state of the live connection; re-renders only when it changes, never on a live event. */
export function useLiveConnection(): ConnectionState {
  const value = useContext(LiveConnectionContext);
  if (value === null) throw new Error(OUTSIDE_PROVIDER_MESSAGE);
  return value;
}

/** The simulated values while the connection is down and signed in; null otherwise. */
export function useLiveFallback(): FallbackTick | null {
  return useContext(LiveFallbackContext);
}

/**
 * The badge text: the count, or "9+" above nine, in the reader's numerals ('৯+' in Bengali); null
 * when there is nothing to show.
 */
export function badgeText(count: number, locale: string): string | null {
  if (count <= 0) return null;
  return count > ALERT_BADGE_CAP
    ? `${formatDigits(ALERT_BADGE_CAP, locale)}+`
    : formatDigits(count, locale);
}
