import type { AlertSeverity } from '@smart-city/shared';

/** The severities that colour the map: an alert for information only leaves a mark as it is. */
export const MAP_ALERT_SEVERITIES = [
  'critical',
  'high',
  'warning',
] as const satisfies readonly AlertSeverity[];
export type MapAlertSeverity = (typeof MAP_ALERT_SEVERITIES)[number];

/**
 * A mark with an active alert takes the colour of the worst one: a cluster is filled with it, a
 * single sensor gets a halo of it. Red, orange and amber, apart from the type and status colours.
 */
export const ALERT_SEVERITY_COLORS: Record<MapAlertSeverity, string> = {
  critical: '#dc2626',
  high: '#ea580c',
  warning: '#b45309',
};
