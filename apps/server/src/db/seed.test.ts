import { CITY_KEYS, LAND_USES, SENSOR_TYPES, type CityKey } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases';
import { seedReferenceData } from './seed';
import { SEED_CITIES } from './seed-data';

/** Sensor ids that journeys, tests, examples and recorded ledger entries name: they never change. */
const KNOWN_IDS = [
  'kolkata-traffic-howrah-bridge',
  'kolkata-traffic-sealdah-station',
  'kolkata-air-quality-park-street',
  'kolkata-air-quality-gariahat',
  'kolkata-energy-dum-dum',
  'kolkata-water-esplanade',
  'kolkata-waste-park-street',
  'kolkata-waste-salt-lake-sector-v',
  'kolkata-population-new-market',
  'kharagpur-traffic-nh16-crossing',
  'kharagpur-traffic-iit-kharagpur-main-gate',
  'kharagpur-waste-inda-market',
  'kharagpur-population-kharagpur-station',
  'new-york-traffic-times-square',
  'new-york-air-quality-herald-square',
  'new-york-energy-yankee-stadium',
  'new-york-waste-times-square',
  'new-york-waste-world-trade-center',
  'new-york-population-herald-square',
];

describe.each(testDatabases())('seed on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => database?.dispose());

  const sensorsOf = (city: CityKey) =>
    database.db.selectFrom('sensors').selectAll().where('city_key', '=', city).execute();

  it('gives every city at least 40 sensors at named places inside its bounds', async () => {
    for (const key of CITY_KEYS) {
      const city = SEED_CITIES.find((c) => c.key === key)!;
      const own = await sensorsOf(key);
      expect(own.length).toBeGreaterThanOrEqual(40);
      // Each place carries each type at most once, so a sensor's name says which one it is.
      expect(new Set(own.map((s) => s.name)).size).toBe(own.length);
      expect(new Set(own.map((s) => s.location)).size).toBeGreaterThanOrEqual(15);
      for (const s of own) {
        expect(s.id.startsWith(`${key}-${s.type.replace('_', '-')}-`)).toBe(true);
        expect(s.name.startsWith(s.location)).toBe(true);
        expect(s.lat).toBeGreaterThanOrEqual(city.bounds_south);
        expect(s.lat).toBeLessThanOrEqual(city.bounds_north);
        expect(s.lng).toBeGreaterThanOrEqual(city.bounds_west);
        expect(s.lng).toBeLessThanOrEqual(city.bounds_east);
      }
    }
  });

  it('spreads the types the way a city deploys them, New York the most and Kharagpur the fewest', async () => {
    const totals: Partial<Record<CityKey, number>> = {};
    for (const key of CITY_KEYS) {
      const own = await sensorsOf(key);
      totals[key] = own.length;
      const count = Object.fromEntries(
        SENSOR_TYPES.map((type) => [type, own.filter((s) => s.type === type).length]),
      );
      // Every type, with footfall counters and supply meters at a handful of places…
      for (const type of SENSOR_TYPES) expect(count[type]).toBeGreaterThanOrEqual(4);
      // …and traffic the most deployed, then air quality, each well above the footfall counters.
      for (const type of SENSOR_TYPES) expect(count.traffic).toBeGreaterThanOrEqual(count[type]!);
      expect(count.air_quality).toBeGreaterThan(count.population!);
      expect(count.traffic).toBeGreaterThanOrEqual(2 * count.population!);
      expect(count.waste).toBeGreaterThan(count.population!);
    }
    expect(totals['new-york']).toBeGreaterThan(totals.kolkata!);
    expect(totals.kolkata).toBeGreaterThan(totals.kharagpur!);
  });

  it("records each site's land use and each installation's rated figures", async () => {
    for (const key of CITY_KEYS) {
      for (const s of await sensorsOf(key)) {
        expect(LAND_USES).toContain(s.metadata.landUse);
        if (s.type === 'energy') expect(s.metadata.ratedMw).toBeGreaterThan(0);
        if (s.type === 'water') expect(s.metadata.ratedMld).toBeGreaterThan(0);
        if (s.type === 'population') expect(s.metadata.capacity).toBeGreaterThan(0);
      }
    }
    // Kharagpur's deployment follows its railway junction and the IIT campus.
    const kharagpur = (await sensorsOf('kharagpur')).map((s) => s.location);
    expect(kharagpur.filter((place) => place.startsWith('IIT Kharagpur')).length).toBeGreaterThan(
      4,
    );
    expect(kharagpur).toContain('Kharagpur Station');
    expect(kharagpur).toContain('Kharagpur Railway Workshop');
  });

  it('keeps the ids that are named elsewhere', async () => {
    const ids = (await database.db.selectFrom('sensors').select('id').execute()).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(KNOWN_IDS));
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
