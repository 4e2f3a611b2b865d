// Plain values only, no zod (see roles.ts).

/** The cities the platform serves, by key. */
export const CITY_KEYS = ['kolkata', 'kharagpur', 'new-york'] as const;
export type CityKey = (typeof CITY_KEYS)[number];

/** The country of each city (ISO 3166-1 alpha-2): its standards (the air-quality index) follow it. */
export const CITY_COUNTRIES: Record<CityKey, 'IN' | 'US'> = {
  kolkata: 'IN',
  kharagpur: 'IN',
  'new-york': 'US',
};

/** The city shown until the user picks another. */
export const DEFAULT_CITY_KEY: CityKey = 'kolkata';

/** Header text while no city is known. */
export const FALLBACK_CITY = { name: 'Smart City', population: '2.1M' } as const;

/** Whether a value is the key of one of the cities. */
export function isCityKey(value: unknown): value is CityKey {
  return (CITY_KEYS as readonly unknown[]).includes(value);
}
