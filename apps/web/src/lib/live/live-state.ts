import { createContext, useContext } from 'react';
import { ALERT_BADGE_CAP } from '../constants';
import type { LiveData } from './live-reducer';
import type { Alert } from '@smart-city/shared';

export type { ConnectionState, LiveData, LiveSensor, LiveStats } from './live-reducer';

/** What screens read from the live connection (spec: the real-time context). */
export interface LiveState extends LiveData {
  isConnected: boolean;
  /** Open or acknowledged alerts, newest first. */
  activeAlerts: readonly Alert[];
  /** Critical alerts among the active ones: the Alerts badge. */
  criticalAlertCount: number;
  /**
   * The spec keeps socket-style methods on the context but the connection is owned by the provider:
   * each only logs a warning that it is unavailable.
   */
  emit: (...args: unknown[]) => void;
  on: (...args: unknown[]) => void;
  off: (...args: unknown[]) => void;
}

export const SocketContext = createContext<LiveState | null>(null);

/** The live state of the selected city; throws outside a SocketProvider (spec section 8). */
export function useSocket(): LiveState {
  const value = useContext(SocketContext);
  if (!value) throw new Error('useSocket must be used within a SocketProvider');
  return value;
}

function unavailable(method: 'emit' | 'on' | 'off') {
  return (...args: unknown[]) => {
    console.warn(
      `socket.${method} is unavailable: live data is read through useSocket, not by raw events`,
      ...args,
    );
  };
}

/** The spec's emit, on and off: they only warn. */
export const UNAVAILABLE_SOCKET_METHODS = {
  emit: unavailable('emit'),
  on: unavailable('on'),
  off: unavailable('off'),
} as const;

/** The badge text: the count, or "9+" above nine; null when there is nothing to show. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > ALERT_BADGE_CAP ? `${ALERT_BADGE_CAP}+` : String(count);
}
