import type { ReadingInput, SensorType } from '@smart-city/shared';
import type { RandomSource } from './city-shapes';
import { localTime, type LocalTime } from './local-time';
import { createReadingValues } from './reading-values';
import { createSensorStates, DAY_MS, type SimulatedSensor } from './sensor-site';

export type { RandomSource } from './city-shapes';
export type { SimulatedSensor } from './sensor-site';

/** How often every sensor reports. */
export const SIMULATOR_INTERVAL_MS = 5_000;

/** Options of one round of readings. */
export type TickOptions = {
  /** Whether faults (spikes, flat lines, silences) may start; history backfill turns them off. */
  faults?: boolean;
};

/**
 * Believable readings for every sensor, each city on its own clock and in its own character
 * (CITY_CHARACTERS): congestion by the city's rush hours and weekends, air by its nights and
 * afternoons, feeders, footfall and bins by the land use of their site, supply by the city's pumping
 * hours. Values follow smooth weekly curves; each sensor wanders around its curve (2–10 % by type,
 * the same spread however often it reports) and a city's day swings as a whole (the weather). Rarely
 * a fault: a spike past an alert level, a flat line, or silence long enough to go offline.
 * Deterministic for a given random source and clock.
 */
export function createReadingGenerator(random: RandomSource) {
  const sensors = createSensorStates(random);
  const values = createReadingValues(random);

  function reading(
    sensor: SimulatedSensor,
    at: Date,
    intervalMs: number,
    local: LocalTime,
    faults: boolean,
  ): ReadingInput | null {
    const type = sensor.type as SensorType;
    const state = sensors.stateOf(sensor, type);
    const t = at.getTime();
    const dtMs =
      state.lastAt === null ? intervalMs : Math.min(DAY_MS, Math.max(0, t - state.lastAt));
    state.lastAt = t;

    const fault = sensors.faultAt(state, t, dtMs, faults);
    if (fault?.kind === 'silence') return null;
    if (fault?.kind === 'flat' && state.last)
      return {
        sensorId: sensor.id,
        value: state.last.value,
        timestamp: at.toISOString(),
        metadata: state.last.metadata,
      };

    const moves = sensors.movesAt(state, type, t, dtMs, local);
    const { value, metadata } = values.valueOf(sensor, state, local, dtMs, moves);
    state.last = { value, metadata };
    return {
      sensorId: sensor.id,
      value,
      timestamp: at.toISOString(),
      ...(metadata ? { metadata } : {}),
    };
  }

  return {
    /**
     * One reading per reporting sensor at `at`; sensors in maintenance, inactive or silent are
     * skipped. `intervalMs` is how long a sensor's first reading stands for; later ones measure the
     * time since the sensor's previous reading.
     */
    tick(
      sensors: SimulatedSensor[],
      at: Date,
      intervalMs = SIMULATOR_INTERVAL_MS,
      options: TickOptions = {},
    ): ReadingInput[] {
      const out: ReadingInput[] = [];
      // Sensors of a city share its local time: work it out once per zone.
      const zones = new Map<string, LocalTime>();
      for (const sensor of sensors) {
        if (sensor.status === 'maintenance' || sensor.status === 'inactive') continue;
        let local = zones.get(sensor.timeZone);
        if (!local) zones.set(sensor.timeZone, (local = localTime(at, sensor.timeZone)));
        const r = reading(sensor, at, intervalMs, local, options.faults ?? true);
        if (r) out.push(r);
      }
      return out;
    },
  };
}
