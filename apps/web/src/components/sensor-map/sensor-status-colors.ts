import type { SensorStatus } from '@smart-city/shared';

/**
 * The fill of a cluster by the worst status inside it: green when all are active, grey when some
 * are switched off, amber for maintenance, red when any is offline. Deep enough that a white count
 * reads on each.
 */
export const SENSOR_STATUS_COLORS: Record<SensorStatus, string> = {
  active: '#15803d',
  inactive: '#475569',
  maintenance: '#b45309',
  offline: '#b91c1c',
};
