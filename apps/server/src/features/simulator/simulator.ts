import {
  SENSOR_THRESHOLDS,
  VALUE_RANGES,
  WATER_QUALITY_LIMITS,
  type ReadingInput,
  type SensorType,
} from '@smart-city/shared';
import { localTime } from './local-time';
import { expectedValue, wasteFillPerHour, type RandomSource } from './reading-shapes';

/** How often every sensor reports. */
export const SIMULATOR_INTERVAL_MS = 5_000;

/** Chance per sensor and tick that a fault starts: with ~36 sensors, one every few minutes. */
export const FAULT_CHANCE = 0.002;

export type SimulatedSensor = {
  id: string;
  type: string;
  city: string;
  timeZone: string;
  status: string;
  /** The sensor's unit, for readings stored without going through ingest. */
  unit?: string;
  metadata: Record<string, unknown>;
};

type Fault =
  | { kind: 'spike'; ticksLeft: number; factor: number }
  | { kind: 'flat'; ticksLeft: number }
  | { kind: 'silence'; ticksLeft: number };

type SensorState = {
  level: number;
  /** This sensor's noise amplitude, 5–15 %. */
  noise: number;
  last: { value: number; metadata?: Record<string, unknown> } | null;
  fault: Fault | null;
  wasteFill: number;
  ph: number;
};

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Nominal voltage of a distribution feeder: 11 kV in India, 13.2 kV in New York. */
export const FEEDER_VOLTS: Record<string, number> = {
  kolkata: 11_000,
  kharagpur: 11_000,
  'new-york': 13_200,
};

/** Options of one round of readings. */
export type TickOptions = {
  /** Whether faults (spikes, flat lines, silences) may start; history backfill turns them off. */
  faults?: boolean;
};

/**
 * The secondary figures of a reading, moving with its primary value as they do in a city:
 * - air quality: PM2.5 ≈ 0.6 × AQI, PM10 ≈ 1.7 × PM2.5, NO2 (ppb) and CO (ppm) rise with the AQI, O3
 *   (ppb) peaks in the afternoon sun;
 * - traffic: vehicles per minute rise and the average speed falls as congestion grows;
 * - energy: the feeder voltage sags and the power factor drops as the load nears its rating.
 * `jitter` returns a number in [-1, 1).
 */
export function readingMetadata(
  type: SensorType,
  value: number,
  ctx: { city: string; hour: number; metadata: Record<string, unknown> },
  jitter: () => number,
): Record<string, number> | undefined {
  switch (type) {
    case 'air_quality': {
      const pm25 = value * 0.6;
      const sun = Math.max(0, Math.sin((Math.PI * (ctx.hour - 7)) / 12));
      return {
        pm25: round(pm25, 1),
        pm10: round(pm25 * (1.7 + 0.15 * jitter()), 1),
        no2: round(Math.max(2, value * 0.3 * (1 + 0.1 * jitter())), 1),
        o3: round(Math.max(2, 15 + 45 * sun + 5 * jitter()), 1),
        co: round(Math.max(0.1, 0.2 + value * 0.008 * (1 + 0.1 * jitter())), 2),
      };
    }
    case 'traffic':
      return {
        vehiclesPerMin: Math.max(0, Math.round(12 + value * 0.9 * (1 + 0.1 * jitter()))),
        speedKmh: round(Math.max(4, 58 * (1 - 0.82 * (value / 100)) + 3 * jitter()), 1),
      };
    case 'energy': {
      const rated = typeof ctx.metadata.ratedMw === 'number' ? ctx.metadata.ratedMw : 40;
      const share = Math.min(1.2, value / rated);
      const nominal = FEEDER_VOLTS[ctx.city] ?? 11_000;
      return {
        voltage: Math.round(nominal * (1.02 - 0.06 * share + 0.005 * jitter())),
        powerFactor: round(Math.min(0.99, Math.max(0.8, 0.98 - 0.09 * share + 0.01 * jitter())), 3),
      };
    }
    case 'population':
    case 'waste':
    case 'water':
      return undefined;
  }
}

/** The value a spike pushes a sensor to: just past its critical level. */
function spikeValue(type: SensorType, metadata: Record<string, unknown>, factor: number): number {
  if (type === 'energy') {
    const rated = typeof metadata.ratedMw === 'number' ? metadata.ratedMw : 40;
    return rated * factor;
  }
  const levels = SENSOR_THRESHOLDS[type];
  return levels ? levels.critical * factor : 0;
}

/**
 * Believable readings for every sensor: the shapes of the reference facts in each city's local time,
 * 5–15 % noise, and rare faults (a spike past critical, a flat line, or silence long enough to go
 * offline). Deterministic for a given random source and clock.
 */
export function createReadingGenerator(random: RandomSource) {
  const states = new Map<string, SensorState>();

  function stateOf(sensor: SimulatedSensor): SensorState {
    let state = states.get(sensor.id);
    if (!state) {
      state = {
        level: 0.2 + random() * 0.6,
        noise: 0.05 + random() * 0.1,
        last: null,
        fault: null,
        wasteFill: 10 + random() * 60,
        ph: 6.9 + random() * 0.8,
      };
      states.set(sensor.id, state);
    }
    return state;
  }

  function startFault(state: SensorState) {
    const pick = random();
    if (pick < 0.5)
      state.fault = {
        kind: 'spike',
        ticksLeft: 6 + Math.floor(random() * 18),
        factor: 1 + random() * 0.1,
      };
    else if (pick < 0.75) state.fault = { kind: 'flat', ticksLeft: 60 + Math.floor(random() * 60) };
    // Over five minutes of silence, so the offline rule notices.
    else state.fault = { kind: 'silence', ticksLeft: 66 + Math.floor(random() * 30) };
  }

  function reading(
    sensor: SimulatedSensor,
    at: Date,
    intervalMs: number,
    local: { hour: number; weekend: boolean },
    faults: boolean,
  ): ReadingInput | null {
    const type = sensor.type as SensorType;
    const state = stateOf(sensor);
    if (faults && !state.fault && random() < FAULT_CHANCE) startFault(state);
    const fault = state.fault;
    if (fault) {
      fault.ticksLeft -= 1;
      if (fault.ticksLeft <= 0) state.fault = null;
      if (fault.kind === 'silence') return null;
      if (fault.kind === 'flat' && state.last)
        return {
          sensorId: sensor.id,
          value: state.last.value,
          timestamp: at.toISOString(),
          metadata: state.last.metadata,
        };
    }

    const { hour, weekend } = local;
    state.level = Math.min(1, Math.max(0, state.level + (random() - 0.5) * 0.04));
    let value: number;
    let metadata: Record<string, unknown> | undefined;
    if (type === 'waste') {
      state.wasteFill += (wasteFillPerHour(hour, random) * intervalMs) / 3_600_000;
      // A collection round empties full bins, now and then a bit before they are full.
      if (state.wasteFill >= 99 || (state.wasteFill > 80 && random() < 0.002))
        state.wasteFill = 2 + random() * 6;
      value = state.wasteFill;
    } else {
      const ctx = {
        city: sensor.city,
        hour,
        weekend,
        level: state.level,
        metadata: sensor.metadata,
      };
      value = expectedValue(type, ctx) * (1 + state.noise * (random() * 2 - 1));
    }
    if (fault?.kind === 'spike') value = spikeValue(type, sensor.metadata, fault.factor) || value;
    if (type === 'water') {
      state.ph = Math.min(7.8, Math.max(6.8, state.ph + (random() - 0.5) * 0.05));
      const spike = fault?.kind === 'spike';
      const turbidity = spike
        ? WATER_QUALITY_LIMITS.turbidity.high * fault.factor
        : 0.5 + random() * 2.5 * (random() < 0.0005 ? 2 : 1);
      metadata = { ph: round(state.ph), turbidity: round(turbidity) };
    }
    const range = VALUE_RANGES[type];
    value = round(Math.min(range.max, Math.max(range.min, value)), type === 'population' ? 0 : 2);
    metadata ??= readingMetadata(
      type,
      value,
      { city: sensor.city, hour, metadata: sensor.metadata },
      () => random() * 2 - 1,
    );
    state.last = { value, metadata };
    return {
      sensorId: sensor.id,
      value,
      timestamp: at.toISOString(),
      ...(metadata ? { metadata } : {}),
    };
  }

  return {
    /** One reading per reporting sensor at `at`; sensors in maintenance, inactive or silent are skipped. */
    tick(
      sensors: SimulatedSensor[],
      at: Date,
      intervalMs = SIMULATOR_INTERVAL_MS,
      options: TickOptions = {},
    ): ReadingInput[] {
      const out: ReadingInput[] = [];
      // Sensors of a city share its local time: work it out once per zone.
      const zones = new Map<string, { hour: number; weekend: boolean }>();
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
