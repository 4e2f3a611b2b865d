import {
  SENSOR_THRESHOLDS,
  WATER_QUALITY_LIMITS,
  type ReadingInput,
  type SensorType,
} from '@smart-city/shared';
import { VALUE_RANGES } from '../ingest/reading-checks';
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

  function reading(sensor: SimulatedSensor, at: Date, intervalMs: number): ReadingInput | null {
    const type = sensor.type as SensorType;
    const state = stateOf(sensor);
    if (!state.fault && random() < FAULT_CHANCE) startFault(state);
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

    const { hour, weekend } = localTime(at, sensor.timeZone);
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
    if (type === 'air_quality') metadata = { pm25: round(value * 0.6, 1) };
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
    tick(sensors: SimulatedSensor[], at: Date, intervalMs = SIMULATOR_INTERVAL_MS): ReadingInput[] {
      const out: ReadingInput[] = [];
      for (const sensor of sensors) {
        if (sensor.status === 'maintenance' || sensor.status === 'inactive') continue;
        const r = reading(sensor, at, intervalMs);
        if (r) out.push(r);
      }
      return out;
    },
  };
}
