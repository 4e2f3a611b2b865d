import { ACTIVE_ALERT_STATUSES } from '@smart-city/shared';
import type { Alert, SensorType, Stats } from '@smart-city/shared';

/** A simulated sensor value produced by the fallback. */
export interface FallbackSensor {
  id: string;
  type: SensorType;
  value: number;
  unit: string;
}

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
 * The simulated fallback: while the live connection is down, three sensors, all
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

/** The simulated stats: 34 sensors, 32 of them active. */
export const FALLBACK_STATS = { totalSensors: 34, activeSensors: 32 } as const;

/**
 * The stats while the fallback runs: the simulated sensor counts, the alerts this page last knew
 * of, and the tick's time.
 */
export function fallbackStats(at: string, alerts: readonly Alert[]): Stats {
  const active = alerts.filter((alert) => ACTIVE_ALERT_STATUSES.includes(alert.status));
  return {
    ...FALLBACK_STATS,
    alerts: active.length,
    criticalAlerts: active.filter((alert) => alert.severity === 'critical').length,
    lastUpdate: at,
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * One tick of simulated values. This is the only place the app makes numbers up, and only while
 * the live connection is down, so the live figures keep moving; the state marks them as simulated.
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
