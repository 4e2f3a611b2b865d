import { createContext, useContext } from 'react';
import { ALERT_BADGE_CAP } from '../constants';

export type ConnectionState = 'connected' | 'disconnected';

/** An open or acknowledged alert as the header and sidebar show it. */
export interface ActiveAlertSummary {
  id: string;
  title: string;
  message: string;
  /** critical, high, warning or another level the server sends. */
  severity: string;
}

export interface LiveState {
  connection: ConnectionState;
  /** Newest first. */
  activeAlerts: readonly ActiveAlertSummary[];
}

/**
 * Live connection state for the shell. Until a live client provides a value, the app is honestly
 * disconnected and knows of no alerts.
 */
export const LiveStateContext = createContext<LiveState>({
  connection: 'disconnected',
  activeAlerts: [],
});

export function useLiveState(): LiveState {
  return useContext(LiveStateContext);
}

export function countCriticalAlerts(alerts: readonly ActiveAlertSummary[]): number {
  return alerts.filter((alert) => alert.severity === 'critical').length;
}

/** The badge text: the count, or "9+" above nine; null when there is nothing to show. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > ALERT_BADGE_CAP ? `${ALERT_BADGE_CAP}+` : String(count);
}
