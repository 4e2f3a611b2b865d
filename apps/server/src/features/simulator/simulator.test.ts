import {
  CITY_KEYS,
  primaryThresholds,
  severityFor,
  VALUE_RANGES,
  type CityKey,
  type SensorType,
} from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { seedSensorsFor } from '../../db/seed';
import { SEED_CITIES } from '../../db/seed-data';
import { seededRandom } from '../../test/seeded-random';
import { CITY_CHARACTERS, sampleWeek, weekShape } from './city-shapes';
import { localTime } from './local-time';
import { createReadingGenerator, type SimulatedSensor } from './simulator';

const ZONES: Record<CityKey, string> = {
  kolkata: 'Asia/Kolkata',
  kharagpur: 'Asia/Kolkata',
  'new-york': 'America/New_York',
};

const sensor = (id: string, type: string, city: CityKey = 'kolkata'): SimulatedSensor => ({
  id,
  type,
  city,
  timeZone: ZONES[city],
  status: 'active',
  metadata: type === 'energy' ? { ratedMw: 40 } : {},
});

const SENSORS = [
  sensor('k-traffic', 'traffic'),
  sensor('k-air', 'air_quality'),
  sensor('k-energy', 'energy'),
  sensor('k-water', 'water'),
  sensor('k-waste', 'waste'),
  sensor('k-people', 'population'),
  sensor('ny-traffic', 'traffic', 'new-york'),
  sensor('ny-air', 'air_quality', 'new-york'),
];

/** The seeded registry as the simulator reads it. */
const SEEDED: SimulatedSensor[] = CITY_KEYS.flatMap(seedSensorsFor).map((s) => ({
  id: s.id,
  type: s.type,
  city: s.city_key,
  timeZone: SEED_CITIES.find((c) => c.key === s.city_key)!.time_zone,
  status: 'active',
  metadata: JSON.parse(String(s.metadata)) as Record<string, unknown>,
}));

// Tuesday 2026-03-03 10:00 in Kolkata (04:30 UTC) is rush hour there and night in New York.
const KOLKATA_RUSH = new Date('2026-03-03T04:30:00Z');
const MONDAY = Date.parse('2026-03-02T00:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Runs the generator over the seeded registry and hands every reading with its sensor over. */
function simulate(
  days: number,
  stepMs: number,
  visit: (s: SimulatedSensor, value: number, at: number) => void,
  faults = false,
) {
  const byId = new Map(SEEDED.map((s) => [s.id, s]));
  const gen = createReadingGenerator(seededRandom(21));
  for (let t = MONDAY; t < MONDAY + days * DAY; t += stepMs)
    for (const r of gen.tick(SEEDED, new Date(t), stepMs, { faults }))
      visit(byId.get(r.sensorId)!, r.value, t);
}

describe('the reading generator', () => {
  it('uses the city time zone', () => {
    expect(localTime(KOLKATA_RUSH, 'Asia/Kolkata')).toEqual({
      hour: 10,
      weekday: 1,
      weekend: false,
    });
    expect(localTime(KOLKATA_RUSH, 'America/New_York')).toEqual({
      hour: 23.5,
      weekday: 0,
      weekend: false,
    });
    expect(localTime(new Date('2026-03-07T12:00:00Z'), 'Asia/Kolkata')).toMatchObject({
      weekday: 5,
      weekend: true,
    });
  });

  it('is deterministic for a seed', () => {
    const a = createReadingGenerator(seededRandom(7)).tick(SENSORS, KOLKATA_RUSH);
    const b = createReadingGenerator(seededRandom(7)).tick(SENSORS, KOLKATA_RUSH);
    expect(a).toEqual(b);
    expect(a.map((r) => r.sensorId)).toEqual(SENSORS.map((s) => s.id));
  });

  it('follows rush hours and night, with water quality in metadata', () => {
    const gen = createReadingGenerator(seededRandom(3));
    const rush = gen.tick(SENSORS, KOLKATA_RUSH, 5_000, { faults: false });
    const value = (id: string) => rush.find((r) => r.sensorId === id)!;
    // Rush hour in Kolkata; New York is at night.
    expect(value('k-traffic').value).toBeGreaterThan(45);
    expect(value('ny-traffic').value).toBeLessThan(30);
    expect(value('k-air').value).toBeGreaterThan(45);
    expect(value('k-air').metadata).toMatchObject({ pm25: expect.any(Number) });
    expect(value('k-energy').value).toBeLessThan(40);
    expect(value('k-water').metadata).toMatchObject({
      ph: expect.any(Number),
      turbidity: expect.any(Number),
    });
    expect(value('k-people').value % 1).toBe(0);
  });

  it('gives readings secondary figures that move with the primary value', () => {
    const gen = createReadingGenerator(seededRandom(5));
    const rush = gen.tick(SENSORS, KOLKATA_RUSH, 5_000, { faults: false });
    const of = (id: string) => rush.find((r) => r.sensorId === id)!;
    const air = of('k-air');
    // Kolkata's in NAQI's units: µg/m³, CO in mg/m³, with ammonia; New York's in the EPA's: gases in
    // ppb, CO in ppm, no ammonia.
    expect(air.metadata).toEqual({
      pm25: expect.any(Number),
      pm10: expect.any(Number),
      no2: expect.any(Number),
      o3: expect.any(Number),
      co: expect.any(Number),
      so2: expect.any(Number),
      nh3: expect.any(Number),
    });
    expect(air.metadata!.pm25).toBeCloseTo(air.value * 0.6, 0);
    expect(air.metadata!.pm10 as number).toBeGreaterThan(air.metadata!.pm25 as number);
    // NO2 of 0.3 × AQI ppb (±10 %) is 1.88 µg/m³ a ppb.
    expect(air.metadata!.no2 as number).toBeGreaterThan(air.value * 0.3 * 0.9 * 1.88 - 0.1);
    expect(air.metadata!.no2 as number).toBeLessThan(air.value * 0.3 * 1.1 * 1.88 + 0.1);
    const nyAir = of('ny-air');
    expect(Object.keys(nyAir.metadata!).sort()).toEqual(['co', 'no2', 'o3', 'pm10', 'pm25', 'so2']);
    expect(nyAir.metadata!.no2 as number).toBeLessThan(nyAir.value * 0.3 * 1.1 + 2.1);
    expect(of('k-energy').metadata).toEqual({
      voltage: expect.any(Number),
      powerFactor: expect.any(Number),
    });
    expect(of('k-energy').metadata!.voltage as number).toBeGreaterThan(10_000);
    expect(of('k-energy').metadata!.voltage as number).toBeLessThan(11_500);
    expect(of('k-people').metadata).toBeUndefined();

    // Rush-hour Kolkata against night-time New York: more vehicles, lower speed.
    const busy = of('k-traffic').metadata as { vehiclesPerMin: number; speedKmh: number };
    const quiet = of('ny-traffic').metadata as { vehiclesPerMin: number; speedKmh: number };
    expect(busy.vehiclesPerMin).toBeGreaterThan(quiet.vehiclesPerMin);
    expect(busy.speedKmh).toBeLessThan(quiet.speedKmh);
    expect(busy.speedKmh).toBeGreaterThan(0);
  });

  it('differs by city: each city peaks at its own rush hours, quiet at night, in its own scale', () => {
    // Weekday means by city, type and local hour over two weeks of 15-minute readings.
    const sums = new Map<string, { total: number; n: number }>();
    const peopleAt = new Map<string, number>();
    const clock = new Map<string, { t: number; local: ReturnType<typeof localTime> }>();
    simulate(14, 15 * MINUTE, (s, value, t) => {
      let seen = clock.get(s.timeZone);
      if (seen?.t !== t)
        clock.set(s.timeZone, (seen = { t, local: localTime(new Date(t), s.timeZone) }));
      const { local } = seen;
      if (local.weekend) return;
      const key = `${s.city}:${s.type}:${Math.floor(local.hour)}`;
      const sum = sums.get(key) ?? { total: 0, n: 0 };
      sums.set(key, { total: sum.total + value, n: sum.n + 1 });
      if (s.type === 'population') {
        const at = `${s.city}:${t}`;
        peopleAt.set(at, (peopleAt.get(at) ?? 0) + value);
      }
    });
    const mean = (city: CityKey, type: string, hours: number[]) => {
      let total = 0;
      let n = 0;
      for (const h of hours) {
        const sum = sums.get(`${city}:${type}:${h}`)!;
        total += sum.total;
        n += sum.n;
      }
      return total / n;
    };
    const INDIAN_RUSH = [9, 10, 18, 19, 20];
    const NEW_YORK_RUSH = [7, 8, 16, 17, 18];
    const NIGHT = [0, 1, 2, 3, 4];
    const rush = {
      kolkata: mean('kolkata', 'traffic', INDIAN_RUSH),
      kharagpur: mean('kharagpur', 'traffic', INDIAN_RUSH),
      'new-york': mean('new-york', 'traffic', NEW_YORK_RUSH),
    };
    for (const city of CITY_KEYS) {
      // Rush hours well above the night, within the shapes of the reference facts.
      const night = mean(city, 'traffic', NIGHT);
      expect(rush[city]).toBeGreaterThan(night * 2.5);
      expect(night).toBeLessThan(25);
      expect(rush[city]).toBeLessThan(70);
    }
    // A railway and university town's roads are lighter than a megacity's.
    expect(rush.kolkata - rush.kharagpur).toBeGreaterThan(8);
    expect(mean('kharagpur', 'traffic', NIGHT)).toBeLessThan(mean('kolkata', 'traffic', NIGHT));
    // Each on its own clock: at 8 in the morning New York is in its rush and Kolkata not yet; at 8 in
    // the evening Kolkata still is and New York's roads have emptied.
    expect(mean('new-york', 'traffic', [8])).toBeGreaterThan(mean('kolkata', 'traffic', [8]) + 5);
    expect(mean('kolkata', 'traffic', [20])).toBeGreaterThan(
      mean('new-york', 'traffic', [20]) + 10,
    );
    // Kolkata's air is worst at night and in the morning, New York's (far cleaner) in the afternoon.
    expect(mean('kolkata', 'air_quality', [6, 7])).toBeGreaterThan(
      mean('kolkata', 'air_quality', [14, 15]) * 1.25,
    );
    expect(mean('new-york', 'air_quality', [14, 15])).toBeGreaterThan(
      mean('new-york', 'air_quality', [2, 3]) * 1.25,
    );
    expect(mean('new-york', 'air_quality', [...Array(24).keys()])).toBeLessThan(
      mean('kolkata', 'air_quality', [...Array(24).keys()]) * 0.7,
    );
    // Footfall at the monitored sites: New York's crowds are the largest, Kharagpur's the smallest.
    const busiest = (city: CityKey) =>
      Math.max(...[...peopleAt].filter(([k]) => k.startsWith(`${city}:`)).map(([, v]) => v));
    expect(busiest('new-york')).toBeGreaterThan(busiest('kolkata'));
    expect(busiest('kolkata')).toBeGreaterThan(busiest('kharagpur') * 3);
  });

  it('moves smoothly, without steps, through the day and from Sunday into Monday', () => {
    for (const city of CITY_KEYS) {
      const shape = weekShape(CITY_CHARACTERS[city].traffic.curves);
      let largest = 0;
      for (let m = 0; m < 7 * 24 * 60; m++)
        largest = Math.max(
          largest,
          Math.abs(sampleWeek(shape, (m + 1) / 60) - sampleWeek(shape, m / 60)),
        );
      // At most a fiftieth of the day's swing in a minute, midnights included.
      expect(largest).toBeLessThan(0.02);
    }
    // A sensor's own readings: a day of minutes wanders a little from one to the next, a lot over the day.
    const junction = SEEDED.find((s) => s.id === 'kolkata-traffic-howrah-bridge')!;
    const gen = createReadingGenerator(seededRandom(9));
    const values = Array.from(
      { length: 24 * 60 },
      (_, m) =>
        gen.tick([junction], new Date(MONDAY + m * MINUTE), MINUTE, { faults: false })[0]!.value,
    );
    const steps = values.slice(1).map((v, i) => Math.abs(v - values[i]!));
    expect(Math.max(...steps)).toBeLessThan(8);
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(40);
  });

  it('keeps every value in its range and raises alerts now and then, never constantly', () => {
    const alerting = new Map<string, { n: number; over: number }>();
    const outside: string[] = [];
    simulate(7, 5 * MINUTE, (s, value) => {
      const range = VALUE_RANGES[s.type as SensorType];
      if (value < range.min || value > range.max) outside.push(`${s.id} ${value}`);
      const levels = primaryThresholds(s.type as SensorType, s.metadata);
      if (!levels) return;
      const seen = alerting.get(s.city) ?? { n: 0, over: 0 };
      alerting.set(s.city, {
        n: seen.n + 1,
        over: seen.over + (severityFor(value, levels) ? 1 : 0),
      });
    });
    expect(outside).toEqual([]);
    for (const city of CITY_KEYS) {
      const { n, over } = alerting.get(city)!;
      expect(over).toBeGreaterThan(0);
      // Under 3 % of readings at or above a warning level, from the shapes alone.
      expect(over / n).toBeLessThan(0.03);
    }
  });

  it('empties the bins on collection rounds', () => {
    const fills = new Map<string, number[]>();
    simulate(4, 15 * MINUTE, (s, value) => {
      if (s.type === 'waste') fills.set(s.id, [...(fills.get(s.id) ?? []), value]);
    });
    expect(fills.size).toBe(SEEDED.filter((s) => s.type === 'waste').length);
    for (const [, values] of fills) {
      // A round passes a bin by that is nearly empty; otherwise each bin is emptied every day (a drop
      // to a few percent), and it rarely overflows.
      const emptied = values.filter((v, i) => i > 0 && v < 10 && values[i - 1]! > 15).length;
      expect(emptied).toBeGreaterThanOrEqual(3);
      expect(values.filter((v) => v >= 98).length / values.length).toBeLessThan(0.05);
    }
  });

  it('starts no fault when faults are off', () => {
    const gen = createReadingGenerator(seededRandom(42));
    const traffic = [sensor('t1', 'traffic'), sensor('t2', 'traffic'), sensor('t3', 'traffic')];
    let readings = 0;
    let highest = 0;
    // A week of Kolkata nights, every 30 s.
    for (let tick = 0; tick < 7 * 2 * 60 * 5; tick++) {
      const night = Math.floor(tick / 600);
      const at = new Date(Date.parse('2026-03-02T19:00:00Z') + night * DAY + (tick % 600) * 30_000);
      for (const r of gen.tick(traffic, at, 30_000, { faults: false })) {
        readings++;
        highest = Math.max(highest, r.value);
      }
    }
    // No silence, no spike to an alert level.
    expect(readings).toBe(3 * 7 * 600);
    expect(highest).toBeLessThan(70);
  });

  it('skips sensors in maintenance', () => {
    const gen = createReadingGenerator(seededRandom(1));
    const out = gen.tick([{ ...SENSORS[0]!, status: 'maintenance' }], KOLKATA_RUSH);
    expect(out).toEqual([]);
  });

  it('now and then produces faults: spikes to alert levels and silences long enough to go offline', () => {
    const gen = createReadingGenerator(seededRandom(42));
    const traffic = Array.from({ length: 20 }, (_, i) => sensor(`t${i}`, 'traffic'));
    let spikes = 0;
    let longestSilenceMs = 0;
    const lastSeen = new Map<string, number>();
    // Three days of Kolkata nights every 30 s, where only a fault reaches an alert level.
    for (let night = 0; night < 9; night++) {
      for (let tick = 0; tick < 600; tick++) {
        const t = Date.parse('2026-03-02T19:00:00Z') + night * DAY + tick * 30_000;
        for (const r of gen.tick(traffic, new Date(t), 30_000)) {
          const last = lastSeen.get(r.sensorId);
          if (last !== undefined && tick > 0)
            longestSilenceMs = Math.max(longestSilenceMs, t - last);
          lastSeen.set(r.sensorId, t);
          if (r.value >= 70) spikes++;
        }
      }
    }
    expect(spikes).toBeGreaterThan(0);
    // Over the five minutes that make a sensor offline.
    expect(longestSilenceMs).toBeGreaterThan(5 * MINUTE);
  });
});
