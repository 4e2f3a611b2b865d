import { describe, expect, it } from 'vitest';
import { AREA_KEYS, areaKeySchema, CITY_AREAS, findArea } from './areas';
import { CITY_KEYS } from './city-keys';
import { profileUpdateSchema } from './profile';

describe('city areas', () => {
  it('gives every city a few areas, each key unique across all cities', () => {
    for (const city of CITY_KEYS) expect(CITY_AREAS[city].length).toBeGreaterThanOrEqual(5);
    expect(new Set(AREA_KEYS).size).toBe(AREA_KEYS.length);
  });

  it('finds an area with its city by key alone', () => {
    expect(findArea('salt-lake')).toMatchObject({ city: 'kolkata', name: 'Salt Lake' });
    expect(findArea('iit-campus')).toMatchObject({ city: 'kharagpur', name: 'IIT Campus' });
    expect(findArea('the-bronx')).toMatchObject({ city: 'new-york', name: 'The Bronx' });
    expect(findArea('atlantis')).toBeUndefined();
  });

  it('is a profile field: any listed key or null, nothing else', () => {
    expect(profileUpdateSchema.parse({ area: 'harlem' })).toEqual({ area: 'harlem' });
    expect(profileUpdateSchema.parse({ area: null })).toEqual({ area: null });
    for (const area of ['Salt Lake', 'atlantis', '', 7]) {
      expect(profileUpdateSchema.safeParse({ area }).success).toBe(false);
    }
    expect(areaKeySchema.options).toEqual(AREA_KEYS);
  });
});
