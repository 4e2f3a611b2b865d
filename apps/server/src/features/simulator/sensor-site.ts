import { LAND_USES, type CityKey, type LandUse, type SensorType } from '@smart-city/shared';
import {
  activityCurves,
  CITY_CHARACTERS,
  gaussian,
  sampleWeek,
  stableFraction,
  wander,
  weekShape,
  type CityCharacter,
  type RandomSource,
  type WeekCurves,
  type WeekShape,
} from './city-shapes';
import type { LocalTime } from './local-time';

// What the simulator keeps of each sensor between rounds: the site its readings follow (its city's
// curves, its land use, its rating), its own wander around them, and a fault under way.

const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * A sensor's faults (a spike, a flat line, silence) come this many hours apart on average: a city of
 * 60 sensors sees about one an hour, so alerts from faults are occasional, never a wall of red.
 */
const MEAN_HOURS_BETWEEN_FAULTS = 72;

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

type Severity = 'warning' | 'high' | 'critical';

export type Fault =
  | { kind: 'spike'; until: number; severity: Severity; factor: number }
  | { kind: 'flat'; until: number }
  | { kind: 'silence'; until: number };

/** A city's day-to-day swing of one type, and when it was last moved on. */
type Swing = { value: number; at: number };

/** What a sensor's readings follow, from its type, city and metadata. */
export type Site = {
  /** The metadata it was worked out from: a change (a new rating) is picked up on the next round. */
  metadata: Record<string, unknown>;
  city: CityCharacter;
  landUse: LandUse;
  /** The feeder's rated MW, the meter's rated ML/day or the area's capacity in people. */
  rating: number;
  /** The weekly curve it follows, and that curve's mean. */
  shape: WeekShape;
  mean: number;
  /** Hours its curve is sampled behind the local clock. */
  shiftH: number;
  swing: Swing;
};

export type SensorState = {
  site: Site;
  /** When the sensor last reported (epoch ms). */
  lastAt: number | null;
  /** The sensor's own slow wander around its expected value, as a share of it. */
  drift: number;
  /** The spread of that wander: the sensor's noise, by type 2–10 %. */
  sigma: number;
  /** The sensor's own character, 0–1, from its id: how busy its junction, how dusty its street. */
  character: number;
  /** Hours after the city's collection round that the crew reaches this bin, 0–2. */
  roundDelayH: number;
  last: { value: number; metadata?: Record<string, unknown> } | null;
  fault: Fault | null;
  wasteFill: number;
  /** The collection round that last came by (`weekday:hour`). */
  lastRound: string | null;
  /** The pH the sensor's water settles at, and its wander around it. */
  phBase: number;
  ph: number;
  /** Turbidity's wander around 1.4 NTU. */
  turbidity: number;
};

/** How a type's readings wander: time constant, and the spread's range over sensors. */
const NOISE: Record<SensorType, { tauMs: number; sigma: [number, number]; white: number }> = {
  traffic: { tauMs: 20 * MINUTE_MS, sigma: [0.05, 0.09], white: 0.03 },
  air_quality: { tauMs: 60 * MINUTE_MS, sigma: [0.06, 0.1], white: 0.03 },
  energy: { tauMs: 30 * MINUTE_MS, sigma: [0.02, 0.035], white: 0.01 },
  water: { tauMs: 20 * MINUTE_MS, sigma: [0.03, 0.05], white: 0.015 },
  waste: { tauMs: 60 * MINUTE_MS, sigma: [0.2, 0.3], white: 0 },
  population: { tauMs: 15 * MINUTE_MS, sigma: [0.06, 0.1], white: 0.03 },
};

/**
 * The day-to-day swing a whole city shares, by type (the weather: a still, smoggy day, a hot day on
 * the feeders, a rainy day off the streets), wandering over about a day and a half.
 */
const CITY_SWING: Record<SensorType, number> = {
  traffic: 0.04,
  air_quality: 0.12,
  energy: 0.04,
  water: 0.02,
  waste: 0.08,
  population: 0.06,
};
const CITY_SWING_TAU_MS = 36 * HOUR_MS;

/** Ratings assumed for a sensor registered without them. */
export const DEFAULT_RATED_MW = 10;
const DEFAULT_RATED_MLD = 100;
const DEFAULT_CAPACITY = 2_000;

export function numberIn(metadata: Record<string, unknown>, key: string, fallback: number): number {
  const v = metadata[key];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
}

function landUseOf(metadata: Record<string, unknown>): LandUse {
  const v = metadata.landUse;
  return (LAND_USES as readonly unknown[]).includes(v) ? (v as LandUse) : 'commercial';
}

export function characterOf(city: string): CityCharacter {
  return CITY_CHARACTERS[city as CityKey] ?? CITY_CHARACTERS.kolkata;
}

/** The sensors' states and their cities' shared swings, each made when a sensor first reports. */
export function createSensorStates(random: RandomSource) {
  const states = new Map<string, SensorState>();
  const shapes = new Map<string, { shape: WeekShape; mean: number }>();
  const swings = new Map<string, Swing>();

  function shapeOf(key: string, curves: () => WeekCurves) {
    let entry = shapes.get(key);
    if (!entry) {
      const shape = weekShape(curves());
      entry = { shape, mean: shape.reduce((sum, v) => sum + v, 0) / shape.length };
      shapes.set(key, entry);
    }
    return entry;
  }

  /** What a sensor's readings follow, worked out from its type, city and metadata. */
  function siteOf(sensor: SimulatedSensor, type: SensorType): Site {
    const city = characterOf(sensor.city);
    const landUse = landUseOf(sensor.metadata);
    const rating =
      type === 'energy'
        ? numberIn(sensor.metadata, 'ratedMw', DEFAULT_RATED_MW)
        : type === 'water'
          ? numberIn(sensor.metadata, 'ratedMld', DEFAULT_RATED_MLD)
          : type === 'population'
            ? numberIn(sensor.metadata, 'capacity', DEFAULT_CAPACITY)
            : 0;
    // Streets, air and taps follow the city's own curves on its clock; feeders, footfall and bins the
    // activity of their land use, drawn on New York's clock and sampled later where the day runs later.
    const curve =
      type === 'traffic'
        ? shapeOf(`${sensor.city}:traffic`, () => city.traffic.curves)
        : type === 'air_quality'
          ? shapeOf(`${sensor.city}:air`, () => city.air.curves)
          : type === 'water'
            ? shapeOf(`${sensor.city}:water`, () => city.water.curves)
            : shapeOf(`${sensor.city}:${landUse}`, () => activityCurves(city, landUse));
    const shiftH =
      type === 'traffic' || type === 'air_quality' || type === 'water' ? 0 : city.clockShiftH;
    const swingKey = `${sensor.city}:${type}`;
    let swing = swings.get(swingKey);
    if (!swing)
      swings.set(swingKey, (swing = { value: CITY_SWING[type] * gaussian(random), at: 0 }));
    return {
      metadata: sensor.metadata,
      city,
      landUse,
      rating,
      shape: curve.shape,
      mean: curve.mean,
      shiftH,
      swing,
    };
  }

  /** The city's shared swing of a type at `at`, moved on since it was last asked. */
  function swingAt(swing: Swing, type: SensorType, at: number): number {
    if (at > swing.at) {
      if (swing.at > 0)
        swing.value = wander(
          swing.value,
          at - swing.at,
          CITY_SWING_TAU_MS,
          CITY_SWING[type],
          random,
        );
      swing.at = at;
    }
    return swing.value;
  }

  function stateOf(sensor: SimulatedSensor, type: SensorType): SensorState {
    let state = states.get(sensor.id);
    if (!state) {
      const [low, high] = NOISE[type].sigma;
      const sigma = low + (high - low) * random();
      state = {
        site: siteOf(sensor, type),
        lastAt: null,
        drift: sigma * gaussian(random),
        sigma,
        character: stableFraction(sensor.id),
        roundDelayH: 2 * stableFraction(`${sensor.id}:round`),
        last: null,
        fault: null,
        wasteFill: 5 + random() * 45,
        lastRound: null,
        phBase: 6.95 + random() * 0.6,
        ph: 0,
        turbidity: 0,
      };
      states.set(sensor.id, state);
    } else if (state.site.metadata !== sensor.metadata) {
      // A live round reads the registry again: its figures may have been changed meanwhile.
      state.site = siteOf(sensor, type);
    }
    return state;
  }

  function startFault(state: SensorState, at: number) {
    const pick = random();
    if (pick < 0.5) {
      const level = random();
      state.fault = {
        kind: 'spike',
        // One to ten minutes: the shorter ones end within their rule's on-delay (a fleeting alarm,
        // nothing raised), the longer ones raise an alert (ALARM_RULE_TUNING).
        until: at + MINUTE_MS + random() * 9 * MINUTE_MS,
        severity: level < 0.45 ? 'warning' : level < 0.8 ? 'high' : 'critical',
        factor: 1 + random() * 0.06,
      };
    } else if (pick < 0.75) {
      state.fault = { kind: 'flat', until: at + 5 * MINUTE_MS + random() * 7 * MINUTE_MS };
    } else {
      // Over five minutes of silence, so the offline rule notices.
      state.fault = { kind: 'silence', until: at + 5.5 * MINUTE_MS + random() * 2.5 * MINUTE_MS };
    }
  }

  /**
   * The fault under way for a sensor reporting at `at`, `dtMs` after its previous reading: one may
   * start by chance (when `faults` allows), and one whose time is up ends.
   */
  function faultAt(state: SensorState, at: number, dtMs: number, faults: boolean): Fault | null {
    if (
      faults &&
      !state.fault &&
      random() < 1 - Math.exp(-dtMs / (MEAN_HOURS_BETWEEN_FAULTS * HOUR_MS))
    )
      startFault(state, at);
    if (state.fault && at >= state.fault.until) state.fault = null;
    return state.fault;
  }

  /**
   * Moves a sensor's wander on by `dtMs` and gives what its value at `at` is made of: its curve at
   * the local hour, its own wobble around it and its city's swing (both as factors around 1).
   */
  function movesAt(
    state: SensorState,
    type: SensorType,
    at: number,
    dtMs: number,
    local: LocalTime,
  ) {
    const { site } = state;
    const noise = NOISE[type];
    state.drift = wander(state.drift, dtMs, noise.tauMs, state.sigma, random);
    const wobble = 1 + state.drift + noise.white * (random() * 2 - 1);
    const swing = 1 + swingAt(site.swing, type, at);
    const curve = sampleWeek(site.shape, local.weekday * 24 + local.hour - site.shiftH);
    return { curve, wobble, swing };
  }

  return { stateOf, faultAt, movesAt };
}

/** What a sensor's value is made of at a moment (`createSensorStates().movesAt`). */
export type Moves = { curve: number; wobble: number; swing: number };
