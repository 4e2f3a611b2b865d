import { CITY_KEYS, SENSOR_TYPES } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases';
import { seedReferenceData } from './seed';
import { SEED_CITIES } from './seed-data';

describe.each(testDatabases())('seed on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => database?.dispose());

  it('gives every city at least 12 sensors covering all six types, inside its bounds', async () => {
    const sensors = await database.db.selectFrom('sensors').selectAll().execute();
    for (const key of CITY_KEYS) {
      const city = SEED_CITIES.find((c) => c.key === key)!;
      const own = sensors.filter((s) => s.city_key === key);
      expect(own.length).toBeGreaterThanOrEqual(12);
      expect(new Set(own.map((s) => s.type))).toEqual(new Set(SENSOR_TYPES));
      for (const s of own) {
        expect(s.location.length).toBeGreaterThan(0);
        expect(s.lat).toBeGreaterThanOrEqual(city.bounds_south);
        expect(s.lat).toBeLessThanOrEqual(city.bounds_north);
        expect(s.lng).toBeGreaterThanOrEqual(city.bounds_west);
        expect(s.lng).toBeLessThanOrEqual(city.bounds_east);
      }
    }
  });

  it('adds nothing when run again', async () => {
    const before = await database.db.selectFrom('sensors').select('id').execute();
    expect(await seedReferenceData(database.db)).toEqual({ cities: 0, sensors: 0 });
    const after = await database.db.selectFrom('sensors').select('id').execute();
    expect(after.length).toBe(before.length);
    const cities = await database.db.selectFrom('cities').select('key').execute();
    expect(cities.length).toBe(3);
  });
});
