import type { SensorStatus } from '@smart-city/shared';

/**
 * The fill of a cluster without an active alert, by the worst status inside it: green when all are
 * active, brown while some have never reported, blue for maintenance, grey when some are switched
 * off, dark slate when any is offline
 * (which raises an alert of its own, so it mostly shows the alert's colour). Deep enough that a
 * white count reads on each, and apart from every type colour (the legend shows both keys).
 */
export const SENSOR_STATUS_COLORS: Record<SensorStatus, string> = {
  active: '#15803d',
  inactive: '#64748b',
  maintenance: '#3b82f6',
  offline: '#1e293b',
  pending: '#78350f',
};
