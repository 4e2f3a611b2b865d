// Plain values only, no zod (see roles.ts).

/** The six sensor types every city has. */
export const SENSOR_TYPES = [
  'traffic',
  'air_quality',
  'energy',
  'water',
  'waste',
  'population',
] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

/**
 * `pending`: registered but never heard from. It becomes active with its first reading, and offline
 * only after it has reported once and then fallen silent.
 */
export const SENSOR_STATUSES = ['active', 'inactive', 'maintenance', 'offline', 'pending'] as const;
export type SensorStatus = (typeof SENSOR_STATUSES)[number];
