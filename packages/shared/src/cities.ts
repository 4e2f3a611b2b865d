import { z } from 'zod';
import { CITY_KEYS } from './city-keys';
import type { Endpoint } from './endpoints';
import { CITIES_ADDRESS } from './entry-addresses';

export const cityKeySchema = z.enum(CITY_KEYS).meta({ id: 'CityKey' });

const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** A city as `GET /api/cities` returns it. */
export const citySchema = z
  .object({
    key: cityKeySchema,
    name: z.string(),
    /** Display population, e.g. "14.9M". */
    population: z.string().meta({ example: '14.9M' }),
    /** Residents as a number, for sorting and arithmetic. */
    populationCount: z.number().int().nonnegative(),
    center: latLngSchema,
    bounds: z.object({
      north: z.number(),
      south: z.number(),
      east: z.number(),
      west: z.number(),
    }),
    theme: z.object({
      gradientFrom: z.string().regex(/^#[0-9a-fA-F]{6}$/),
      gradientVia: z.string().regex(/^#[0-9a-fA-F]{6}$/),
      gradientTo: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    }),
    timeZone: z.string().meta({ example: 'Asia/Kolkata' }),
  })
  .meta({ id: 'City' });

export type City = z.infer<typeof citySchema>;

export const cityListSchema = z.array(citySchema).meta({ id: 'CityList' });

/** The cities the platform serves. */
export const CITY_ENDPOINTS = {
  list: {
    ...CITIES_ADDRESS,
    summary: 'The cities the platform serves, with their map frame and colours',
    tags: ['Cities'],
    access: 'public',
    status: 200,
    response: cityListSchema,
    description: 'Every city',
  },
} as const satisfies Record<string, Endpoint>;
