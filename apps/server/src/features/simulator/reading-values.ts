import {
  CITY_COUNTRIES,
  SENSOR_THRESHOLDS,
  VALUE_RANGES,
  WATER_QUALITY_LIMITS,
  type CityKey,
  type SensorType,
} from '@smart-city/shared';
import { BASE_LOAD, BUSY_BINS, SITE_INTENSITY, wander, type RandomSource } from './city-shapes';
import type { LocalTime } from './local-time';
import {
  characterOf,
  DAY_MS,
  DEFAULT_RATED_MW,
  HOUR_MS,
  numberIn,
  type Fault,
  type Moves,
  type SensorState,
  type SimulatedSensor,
  type Site,
} from './sensor-site';

// A reading's value by its sensor's type, and the secondary figures that move with it.

/** Mass per volume of one part per billion (per million for CO) at 25 °C and one atmosphere. */
const NO2_UG_PER_PPB = 1.88;
const O3_UG_PER_PPB = 1.96;
const CO_MG_PER_PPM = 1.145;

/** Chance that a collection round passes a bin by. */
const MISSED_ROUND_CHANCE = 0.03;

/** Nominal voltage of a distribution feeder: 11 kV in India, 13.2 kV in New York. */
const FEEDER_VOLTS: Record<string, number> = {
  kolkata: 11_000,
  kharagpur: 11_000,
  'new-york': 13_200,
};

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The secondary figures of a reading, moving with its primary value as they do in a city:
 * - air quality: PM2.5 ≈ 0.6 × AQI, PM10 ≈ 1.7 × PM2.5, NO2 and CO rise with the AQI, O3 peaks in
 *   the afternoon sun; each in the units of the city's air-quality standard (µg/m³ and CO mg/m³
 *   for India's NAQI, ppb and CO ppm for the US EPA's AQI), with SO2 and, in India, NH3;
 * - traffic: vehicles per minute rise and the average speed falls as congestion grows, on the city's
 *   own roads (Kharagpur's carry fewer vehicles than Kolkata's);
 * - energy: the feeder voltage sags and the power factor drops as the load nears its rating.
 * `jitter` returns a number in [-1, 1).
 */
function readingMetadata(
  type: SensorType,
  value: number,
  ctx: { city: string; hour: number; metadata: Record<string, unknown> },
  jitter: () => number,
): Record<string, number> | undefined {
  switch (type) {
    case 'air_quality': {
      const pm25 = value * 0.6;
      const sun = Math.max(0, Math.sin((Math.PI * (ctx.hour - 7)) / 12));
      const no2Ppb = Math.max(2, value * 0.3 * (1 + 0.1 * jitter()));
      const o3Ppb = Math.max(2, 15 + 45 * sun + 5 * jitter());
      const coPpm = Math.max(0.1, 0.2 + value * 0.008 * (1 + 0.1 * jitter()));
      const particulates = {
        pm25: round(pm25, 1),
        pm10: round(pm25 * (1.7 + 0.15 * jitter()), 1),
      };
      if (CITY_COUNTRIES[ctx.city as CityKey] === 'US')
        // The EPA's units: gases in parts per billion (CO per million).
        return {
          ...particulates,
          no2: round(no2Ppb, 1),
          o3: round(o3Ppb, 1),
          co: round(coPpm, 2),
          so2: round(Math.max(0.2, 1.5 + 1 * jitter()), 1),
        };
      // India's NAQI measures mass: µg/m³ (CO mg/m³), at 25 °C and one atmosphere. Sulphur
      // dioxide stays low in Indian cities; ammonia follows the traffic and the drains.
      return {
        ...particulates,
        no2: round(no2Ppb * NO2_UG_PER_PPB, 1),
        o3: round(o3Ppb * O3_UG_PER_PPB, 1),
        co: round(coPpm * CO_MG_PER_PPM, 2),
        so2: round(Math.max(2, 9 + 0.03 * value + 3 * jitter()), 1),
        nh3: round(Math.max(5, 18 + 0.1 * value + 4 * jitter()), 1),
      };
    }
    case 'traffic': {
      const roads = characterOf(ctx.city).roads;
      return {
        vehiclesPerMin: Math.max(
          0,
          Math.round(roads.vehiclesAtJam * (0.12 + 0.88 * (value / 100)) * (1 + 0.1 * jitter())),
        ),
        speedKmh: round(
          Math.max(4, roads.freeFlowKmh * (1 - 0.82 * (value / 100)) + 3 * jitter()),
          1,
        ),
      };
    }
    case 'energy': {
      const rated = numberIn(ctx.metadata, 'ratedMw', DEFAULT_RATED_MW);
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

/** A reading's value and secondary figures, by its sensor's type, from what it is made of. */
export function createReadingValues(random: RandomSource) {
  /** The value a spike pushes a sensor to: just past the alert level it reaches. */
  function spikeValue(type: SensorType, site: Site, fault: Fault & { kind: 'spike' }) {
    if (type === 'energy')
      return (site.rating * SENSOR_THRESHOLDS.energy![fault.severity] * fault.factor) / 100;
    const levels = SENSOR_THRESHOLDS[type];
    return levels ? levels[fault.severity] * fault.factor : null;
  }

  /** Empties a bin when its crew's round comes by (now and then it passes it by). */
  function collect(state: SensorState, local: LocalTime) {
    const { city, landUse } = state.site;
    const rounds = BUSY_BINS.has(landUse) ? city.waste.busyRounds : city.waste.rounds;
    for (const start of rounds) {
      const from = start + state.roundDelayH;
      if (local.hour < from || local.hour >= from + 1) continue;
      const key = `${local.weekday}:${start}`;
      if (state.lastRound === key) continue;
      state.lastRound = key;
      if (state.wasteFill > 20 && random() >= MISSED_ROUND_CHANCE)
        state.wasteFill = 1 + random() * 4;
    }
  }

  /**
   * The value of `sensor`'s reading and its secondary figures, at the local time `local`, `dtMs`
   * after its previous reading; a spike under way pushes it past an alert level.
   */
  function valueOf(
    sensor: SimulatedSensor,
    state: SensorState,
    local: LocalTime,
    dtMs: number,
    { curve, wobble, swing }: Moves,
  ): { value: number; metadata?: Record<string, unknown> } {
    const type = sensor.type as SensorType;
    const { site } = state;
    const { city, landUse, rating } = site;
    let value: number;
    let metadata: Record<string, unknown> | undefined;
    switch (type) {
      case 'traffic': {
        const intensity = SITE_INTENSITY[landUse].traffic * (0.92 + 0.16 * state.character);
        value = (city.traffic.floor + city.traffic.span * curve * intensity) * wobble * swing;
        break;
      }
      case 'air_quality': {
        const intensity = SITE_INTENSITY[landUse].air * (0.94 + 0.12 * state.character);
        value = city.air.base * curve * intensity * wobble * swing;
        break;
      }
      case 'energy': {
        const base = BASE_LOAD[landUse];
        const share = (base + (1 - base) * Math.min(1, curve)) * city.energy.peakShare;
        value = rating * share * (0.94 + 0.12 * state.character) * wobble * swing;
        break;
      }
      case 'water': {
        // A works or a reservoir sends water out steadily; a district's mains follow the pumping hours.
        const share = landUse === 'utility' ? 0.78 + 0.2 * curve : curve;
        value = rating * share * (0.96 + 0.08 * state.character) * wobble * swing;
        state.ph = wander(state.ph, dtMs, 6 * HOUR_MS, 0.12, random);
        state.turbidity = wander(state.turbidity, dtMs, 2 * HOUR_MS, 0.45, random);
        metadata = {
          ph: round(Math.min(7.8, Math.max(6.8, state.phBase + state.ph))),
          turbidity: round(Math.max(0.4, 1.4 + state.turbidity)),
        };
        break;
      }
      case 'waste': {
        collect(state, local);
        const busy = BUSY_BINS.has(landUse) ? 1 : 0.55;
        const perDay = city.waste.dailyFill * busy * (0.8 + 0.4 * state.character);
        state.wasteFill +=
          perDay * (curve / site.mean) * (dtMs / DAY_MS) * Math.max(0, wobble) * swing;
        // An overflowing bin is reported and picked up within a couple of hours.
        if (state.wasteFill >= 98 && random() < 1 - Math.exp(-dtMs / (2 * HOUR_MS)))
          state.wasteFill = 1 + random() * 4;
        value = state.wasteFill;
        break;
      }
      case 'population':
        value = rating * curve * wobble * swing;
        break;
    }

    if (state.fault?.kind === 'spike') {
      const spike = state.fault;
      if (type === 'water')
        metadata = {
          ...metadata,
          turbidity: round(WATER_QUALITY_LIMITS.turbidity[spike.severity] * spike.factor),
        };
      else if (type === 'population') value *= 1.6 + 0.6 * random();
      else value = spikeValue(type, site, spike) ?? value;
    }
    const range = VALUE_RANGES[type];
    value = round(Math.min(range.max, Math.max(range.min, value)), type === 'population' ? 0 : 2);
    metadata ??= readingMetadata(
      type,
      value,
      { city: sensor.city, hour: local.hour, metadata: sensor.metadata },
      () => random() * 2 - 1,
    );
    return { value, metadata };
  }

  return { valueOf };
}
