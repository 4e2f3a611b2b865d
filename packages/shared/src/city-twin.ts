import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { alertFactsSchema, alertSeveritySchema } from './alerts';
import { cityKeySchema } from './cities';
import { sensorStatusSchema, sensorTypeSchema } from './sensors';

/** `GET /api/city-twin?city=`: the city whose twin to draw. */
export const cityTwinQuerySchema = z.object({ city: cityKeySchema });

/** Places of a sensor in the twin are rounded to this many decimals of a degree (about 0.1 m). */
export const CITY_TWIN_COORDINATE_DECIMALS = 6;

/**
 * Every sensor of a city as columns: the sensor at index i is `id[i]`, `name[i]`, `type[i]` and so
 * on. Columns name each field once instead of once per sensor, so a city of 100,000 sensors
 * travels in a fraction of the plain list's size.
 */
export const cityTwinSensorsSchema = z
  .object({
    id: z.array(z.string()),
    name: z.array(z.string()),
    type: z.array(sensorTypeSchema),
    status: z.array(sensorStatusSchema),
    lat: z.array(z.number()),
    lng: z.array(z.number()),
    /** The latest primary value; null before the first reading. */
    value: z.array(z.number().nullable()),
    /**
     * Where the primary value turns critical, in the sensor's unit (`primaryThresholds`); null
     * where the type has no threshold on it.
     */
    critical: z.array(z.number().nullable()),
  })
  .refine(
    (columns) => {
      const length = columns.id.length;
      return Object.values(columns).every((column) => column.length === length);
    },
    { message: 'every column holds one entry per sensor' },
  )
  .meta({ id: 'CityTwinSensors' });

export type CityTwinSensors = z.infer<typeof cityTwinSensorsSchema>;

/** An open or acknowledged alert of the city: what makes its sensor pulse in the twin. */
export const cityTwinAlertSchema = z.object({
  id: z.string(),
  sensorId: z.string().nullable(),
  severity: alertSeveritySchema,
  title: z.string(),
  /** What its rule found, for the reader's words; null for an alert without facts. */
  facts: alertFactsSchema.nullable().default(null),
  createdAt: z.iso.datetime(),
});

export type CityTwinAlert = z.infer<typeof cityTwinAlertSchema>;

/** What the 3D twin of a city draws: every sensor, in id order, and the city's active alerts. */
export const cityTwinSchema = z
  .object({
    city: cityKeySchema,
    sensors: cityTwinSensorsSchema,
    /** Newest first. */
    activeAlerts: z.array(cityTwinAlertSchema),
  })
  .meta({ id: 'CityTwin' });

export type CityTwin = z.infer<typeof cityTwinSchema>;

export const CITY_TWIN_ENDPOINTS = {
  get: {
    method: 'get',
    path: '/api/city-twin',
    summary: "Every sensor of a city as columns, with the city's active alerts, for its 3D twin",
    notes:
      'One entry per sensor in each column of `sensors` (in id order): place, type, status, latest ' +
      'value and the value at which it turns critical. Unlike the sensor list it is not paged or ' +
      'capped: the twin draws the whole registry, so each field is named once, not once per sensor.',
    tags: ['City twin'],
    access: 'signed-in',
    query: cityTwinQuerySchema,
    status: 200,
    response: cityTwinSchema,
    description: 'The twin',
    errors: { 400: 'The city is missing or unknown' },
  },
} as const satisfies Record<string, Endpoint>;
