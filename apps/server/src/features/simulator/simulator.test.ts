import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random';
import { localTime } from './local-time';
import { createReadingGenerator, type SimulatedSensor } from './simulator';

const sensor = (id: string, type: string, city = 'kolkata'): SimulatedSensor => ({
  id,
  type,
  city,
  timeZone: city === 'new-york' ? 'America/New_York' : 'Asia/Kolkata',
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
];

// Tuesday 2026-03-03 10:00 in Kolkata (04:30 UTC) is rush hour there and night in New York.
const KOLKATA_RUSH = new Date('2026-03-03T04:30:00Z');

describe('the reading generator', () => {
  it('uses the city time zone', () => {
    expect(localTime(KOLKATA_RUSH, 'Asia/Kolkata')).toEqual({ hour: 10, weekend: false });
    expect(localTime(KOLKATA_RUSH, 'America/New_York')).toEqual({ hour: 23.5, weekend: false });
    expect(localTime(new Date('2026-03-07T12:00:00Z'), 'Asia/Kolkata').weekend).toBe(true);
  });

  it('is deterministic for a seed', () => {
    const a = createReadingGenerator(seededRandom(7)).tick(SENSORS, KOLKATA_RUSH);
    const b = createReadingGenerator(seededRandom(7)).tick(SENSORS, KOLKATA_RUSH);
    expect(a).toEqual(b);
    expect(a.map((r) => r.sensorId)).toEqual(SENSORS.map((s) => s.id));
  });

  it('follows rush hours, night and the reference ranges, with water quality in metadata', () => {
    const gen = createReadingGenerator(seededRandom(3));
    const rush = gen.tick(SENSORS, KOLKATA_RUSH);
    const value = (id: string) => rush.find((r) => r.sensorId === id)!;
    // Rush-hour congestion 70–95 % plus at most 15 % noise; New York is at night.
    expect(value('k-traffic').value).toBeGreaterThan(59);
    expect(value('ny-traffic').value).toBeLessThan(30);
    expect(value('k-air').value).toBeGreaterThan(50);
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
    expect(air.metadata).toEqual({
      pm25: expect.any(Number),
      pm10: expect.any(Number),
      no2: expect.any(Number),
      o3: expect.any(Number),
      co: expect.any(Number),
    });
    expect(air.metadata!.pm25).toBeCloseTo(air.value * 0.6, 0);
    expect(air.metadata!.pm10 as number).toBeGreaterThan(air.metadata!.pm25 as number);
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

  it('starts no fault when faults are off', () => {
    const gen = createReadingGenerator(seededRandom(42));
    const traffic = [sensor('t1', 'traffic'), sensor('t2', 'traffic'), sensor('t3', 'traffic')];
    let readings = 0;
    let highest = 0;
    for (let tick = 0; tick < 17_280; tick++) {
      const at = new Date(Date.parse('2026-03-03T20:00:00Z') + (tick % 720) * 5_000);
      for (const r of gen.tick(traffic, at, 5_000, { faults: false })) {
        readings++;
        highest = Math.max(highest, r.value);
      }
    }
    // No silence, no spike past critical.
    expect(readings).toBe(3 * 17_280);
    expect(highest).toBeLessThan(90);
  });

  it('skips sensors in maintenance', () => {
    const gen = createReadingGenerator(seededRandom(1));
    const out = gen.tick([{ ...SENSORS[0]!, status: 'maintenance' }], KOLKATA_RUSH);
    expect(out).toEqual([]);
  });

  it('now and then produces faults: spikes past critical and silences long enough to go offline', () => {
    const gen = createReadingGenerator(seededRandom(42));
    const traffic = [sensor('t1', 'traffic'), sensor('t2', 'traffic'), sensor('t3', 'traffic')];
    let spikes = 0;
    let longestSilenceTicks = 0;
    const silent = new Map<string, number>();
    // A simulated day at night-time levels, where only a fault crosses the critical line.
    for (let tick = 0; tick < 17_280; tick++) {
      const at = new Date(Date.parse('2026-03-03T20:00:00Z') + (tick % 720) * 5_000);
      const out = gen.tick(traffic, at);
      for (const s of traffic) {
        const r = out.find((o) => o.sensorId === s.id);
        if (!r) {
          silent.set(s.id, (silent.get(s.id) ?? 0) + 1);
          longestSilenceTicks = Math.max(longestSilenceTicks, silent.get(s.id)!);
        } else {
          silent.set(s.id, 0);
          if (r.value >= 90) spikes++;
        }
      }
    }
    expect(spikes).toBeGreaterThan(0);
    // Over five minutes of 5 s ticks.
    expect(longestSilenceTicks).toBeGreaterThan(60);
  });
});
