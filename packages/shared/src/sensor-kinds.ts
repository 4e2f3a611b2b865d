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

export const SENSOR_STATUSES = ['active', 'inactive', 'maintenance', 'offline'] as const;
export type SensorStatus = (typeof SENSOR_STATUSES)[number];
