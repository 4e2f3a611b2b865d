import type { FallbackSensor, FallbackStats } from './live-reducer';

/** A source of numbers in [0, 1); tests pass a fixed sequence. */
export type RandomSource = () => number;

interface FallbackSpec {
  id: string;
  type: FallbackSensor['type'];
  unit: string;
  centre: number;
  spread: number;
  noise: number;
  decimals: number;
}

/**
 * The spec's simulated fallback (section 9): while the live connection is down, three sensors, all
 * active — sensor_001 vehicles/min about 50 ± 20 plus noise up to 10, sensor_002 AQI about 80 ± 15
 * plus up to 8, sensor_003 kWh about 3.5 ± 1.5 plus up to 0.5 — every FALLBACK_INTERVAL_MS.
 */
const FALLBACK_SENSORS: readonly FallbackSpec[] = [
  {
    id: 'sensor_001',
    type: 'traffic',
    unit: 'vehicles/min',
    centre: 50,
    spread: 20,
    noise: 10,
    decimals: 0,
  },
  {
    id: 'sensor_002',
    type: 'air_quality',
    unit: 'AQI',
    centre: 80,
    spread: 15,
    noise: 8,
    decimals: 0,
  },
  {
    id: 'sensor_003',
    type: 'energy',
    unit: 'kWh',
    centre: 3.5,
    spread: 1.5,
    noise: 0.5,
    decimals: 2,
  },
];

/** The spec's simulated stats: 34 sensors, 32 of them active. */
export const FALLBACK_STATS: FallbackStats = { totalSensors: 34, activeSensors: 32 };

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * One tick of simulated values. This is the only place the app makes numbers up, and only because
 * the spec asks for them while the live connection is down; the state marks them as simulated.
 */
export function fallbackReadings(random: RandomSource = Math.random): FallbackSensor[] {
  return FALLBACK_SENSORS.map((sensor) => ({
    id: sensor.id,
    type: sensor.type,
    unit: sensor.unit,
    value: round(
      sensor.centre + (random() * 2 - 1) * sensor.spread + random() * sensor.noise,
      sensor.decimals,
    ),
  }));
}
