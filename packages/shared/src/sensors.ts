import { z } from 'zod';
import { cityKeySchema } from './cities';

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

const metadataSchema = z.record(z.string(), z.unknown());

/** A sensor as `GET /api/sensors` and `GET /api/sensors/:id` return it. */
export const sensorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: sensorTypeSchema,
    city: cityKeySchema,
    /** The place the sensor stands at, e.g. "Howrah Bridge". */
    location: z.string(),
    lat: z.number(),
    lng: z.number(),
    status: sensorStatusSchema,
    unit: z.string(),
    /** The latest primary value; null before the first reading. */
    value: z.number().nullable(),
    /** When the latest reading was taken (ISO); null before the first reading. */
    lastReading: z.iso.datetime().nullable(),
    metadata: metadataSchema,
  })
  .meta({ id: 'Sensor' });

export type Sensor = z.infer<typeof sensorSchema>;

export const sensorListSchema = z.array(sensorSchema).meta({ id: 'SensorList' });

/** `GET /api/sensors` filters. */
export const sensorListQuerySchema = z.object({
  city: cityKeySchema.optional(),
  type: sensorTypeSchema.optional(),
  status: sensorStatusSchema.optional(),
});

/** `PATCH /api/sensors/:id` (operator, admin): a status change, metadata, or both. */
export const sensorUpdateSchema = z
  .object({ status: sensorStatusSchema.optional(), metadata: metadataSchema.optional() })
  .strict()
  .refine((v) => v.status !== undefined || v.metadata !== undefined, {
    message: 'give a status, metadata or both',
  })
  .meta({ id: 'SensorUpdate' });

export type SensorUpdate = z.infer<typeof sensorUpdateSchema>;
