import { describe, expect, it } from 'vitest';
import { citySchema, cityKeySchema } from './cities';
import { DEFAULT_CITY_KEY } from './city-keys';

const kolkata = {
  key: 'kolkata',
  name: 'Kolkata',
  population: '14.9M',
  populationCount: 14_900_000,
  center: { lat: 22.5726, lng: 88.3639 },
  bounds: { north: 22.75, south: 22.45, east: 88.5, west: 88.2 },
  theme: { gradientFrom: '#8A2387', gradientVia: '#E94057', gradientTo: '#F27121' },
  timeZone: 'Asia/Kolkata',
};

describe('citySchema', () => {
  it('accepts a city with the reference values', () => {
    expect(citySchema.parse(kolkata)).toEqual(kolkata);
  });

  it('refuses an unknown key and a colour that is not a hex triplet', () => {
    expect(citySchema.safeParse({ ...kolkata, key: 'paris' }).success).toBe(false);
    const badTheme = { ...kolkata.theme, gradientTo: 'orange' };
    expect(citySchema.safeParse({ ...kolkata, theme: badTheme }).success).toBe(false);
  });

  it('defaults to Kolkata', () => {
    expect(cityKeySchema.parse(DEFAULT_CITY_KEY)).toBe('kolkata');
  });
});
