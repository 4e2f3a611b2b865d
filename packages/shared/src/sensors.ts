import { z } from 'zod';

/** The six sensor types of the spec. */
export const SENSOR_TYPES = [
  'traffic',
  'air_quality',
  'energy',
  'water',
  'waste',
  'population',
] as const;

export const sensorTypeSchema = z.enum(SENSOR_TYPES).meta({ id: 'SensorType' });
export type SensorType = z.infer<typeof sensorTypeSchema>;

export const SENSOR_STATUSES = ['active', 'inactive', 'maintenance', 'offline'] as const;
export const sensorStatusSchema = z.enum(SENSOR_STATUSES).meta({ id: 'SensorStatus' });
export type SensorStatus = z.infer<typeof sensorStatusSchema>;
