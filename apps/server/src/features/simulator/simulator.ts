import {
  LAND_USES,
  SENSOR_THRESHOLDS,
  VALUE_RANGES,
  WATER_QUALITY_LIMITS,
  type CityKey,
  type LandUse,
  type ReadingInput,
  type SensorType,
} from '@smart-city/shared';
import {
  activityCurves,
  BASE_LOAD,
  BUSY_BINS,
  CITY_CHARACTERS,
  gaussian,
  sampleWeek,
  SITE_INTENSITY,
  stableFraction,
  wander,
  weekShape,
  type CityCharacter,
  type RandomSource,
  type WeekCurves,
  type WeekShape,
} from './city-shapes';
import { localTime, type LocalTime } from './local-time';

export type { RandomSource } from './city-shapes';

/** How often every sensor reports. */
export const SIMULATOR_INTERVAL_MS = 5_000;

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A sensor's faults (a spike, a flat line, silence) come this many hours apart on average: a city of
 * 60 sensors sees about one an hour, so alerts from faults are occasional, never a wall of red.
 */
const MEAN_HOURS_BETWEEN_FAULTS = 72;

/** Chance that a collection round passes a bin by. */
const MISSED_ROUND_CHANCE = 0.03;

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

type Fault =
  | { kind: 'spike'; until: number; severity: Severity; factor: number }
  | { kind: 'flat'; until: number }
  | { kind: 'silence'; until: number };

/** A city's day-to-day swing of one type, and when it was last moved on. */
type Swing = { value: number; at: number };

/** What a sensor's readings follow, from its type, city and metadata. */
type Site = {
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

type SensorState = {
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

/** Nominal voltage of a distribution feeder: 11 kV in India, 13.2 kV in New York. */
const FEEDER_VOLTS: Record<string, number> = {
  kolkata: 11_000,
  kharagpur: 11_000,
  'new-york': 13_200,
};

/** Ratings assumed for a sensor registered without them. */
const DEFAULT_RATED_MW = 10;
const DEFAULT_RATED_MLD = 100;
const DEFAULT_CAPACITY = 2_000;

/** Options of one round of readings. */
export type TickOptions = {
  /** Whether faults (spikes, flat lines, silences) may start; history backfill turns them off. */
  faults?: boolean;
};

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function numberIn(metadata: Record<string, unknown>, key: string, fallback: number): number {
  const v = metadata[key];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
}

function landUseOf(metadata: Record<string, unknown>): LandUse {
  const v = metadata.landUse;
  return (LAND_USES as readonly unknown[]).includes(v) ? (v as LandUse) : 'commercial';
}

function characterOf(city: string): CityCharacter {
  return CITY_CHARACTERS[city as CityKey] ?? CITY_CHARACTERS.kolkata;
}

/**
 * The secondary figures of a reading, moving with its primary value as they do in a city:
 * - air quality: PM2.5 ≈ 0.6 × AQI, PM10 ≈ 1.7 × PM2.5, NO2 (ppb) and CO (ppm) rise with the AQI, O3
 *   (ppb) peaks in the afternoon sun;
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
      return {
        pm25: round(pm25, 1),
        pm10: round(pm25 * (1.7 + 0.15 * jitter()), 1),
        no2: round(Math.max(2, value * 0.3 * (1 + 0.1 * jitter())), 1),
        o3: round(Math.max(2, 15 + 45 * sun + 5 * jitter()), 1),
        co: round(Math.max(0.1, 0.2 + value * 0.008 * (1 + 0.1 * jitter())), 2),
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

  function reading(
    sensor: SimulatedSensor,
    at: Date,
    intervalMs: number,
    local: LocalTime,
    faults: boolean,
  ): ReadingInput | null {
    const type = sensor.type as SensorType;
    const state = stateOf(sensor, type);
    const t = at.getTime();
    const dtMs =
      state.lastAt === null ? intervalMs : Math.min(DAY_MS, Math.max(0, t - state.lastAt));
    state.lastAt = t;

    if (
      faults &&
      !state.fault &&
      random() < 1 - Math.exp(-dtMs / (MEAN_HOURS_BETWEEN_FAULTS * HOUR_MS))
    )
      startFault(state, t);
    const fault = state.fault;
    if (fault && t >= fault.until) state.fault = null;
    else if (fault?.kind === 'silence') return null;
    else if (fault?.kind === 'flat' && state.last)
      return {
        sensorId: sensor.id,
        value: state.last.value,
        timestamp: at.toISOString(),
        metadata: state.last.metadata,
      };

    const { site } = state;
    const { city, landUse, rating } = site;
    const noise = NOISE[type];
    state.drift = wander(state.drift, dtMs, noise.tauMs, state.sigma, random);
    const wobble = 1 + state.drift + noise.white * (random() * 2 - 1);
    const swing = 1 + swingAt(site.swing, type, t);
    const curve = sampleWeek(site.shape, local.weekday * 24 + local.hour - site.shiftH);

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
