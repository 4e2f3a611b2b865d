import type { CityKey, LandUse } from '@smart-city/shared';

/** A source of numbers in [0, 1): Math.random in the server, a seeded one in tests. */
export type RandomSource = () => number;

/** A day's shape: one value for each whole hour, 0–23, of the local day (1 = the day's peak). */
type DayCurve = readonly number[];

/** A week's shape as day curves: Monday to Friday share one, Saturday and Sunday have their own. */
export type WeekCurves = { weekday: DayCurve; saturday: DayCurve; sunday: DayCurve };

/** A shape over the hours of a week (168 keypoints from Monday 00:00), sampled smoothly. */
export type WeekShape = Float64Array;

const HOURS_PER_WEEK = 168;

/** The week's 168 hourly keypoints: Monday to Friday, then Saturday, then Sunday. */
export function weekShape(curves: WeekCurves): WeekShape {
  const points = new Float64Array(HOURS_PER_WEEK);
  for (let day = 0; day < 7; day++) {
    const curve = day < 5 ? curves.weekday : day === 5 ? curves.saturday : curves.sunday;
    for (let h = 0; h < 24; h++) points[day * 24 + h] = curve[h]!;
  }
  return points;
}

/**
 * The shape at a moment of the week (hours since Monday 00:00, with fraction): a periodic
 * Catmull-Rom spline through the hourly keypoints, so a day flows into the next without steps, Sunday
 * night into Monday included. Never below 0.
 */
export function sampleWeek(shape: WeekShape, weekHour: number): number {
  const n = shape.length;
  const x = ((weekHour % n) + n) % n;
  const i = Math.floor(x);
  const f = x - i;
  const p0 = shape[(i - 1 + n) % n]!;
  const p1 = shape[i]!;
  const p2 = shape[(i + 1) % n]!;
  const p3 = shape[(i + 2) % n]!;
  const v =
    0.5 *
    (2 * p1 +
      (p2 - p0) * f +
      (2 * p0 - 5 * p1 + 4 * p2 - p3) * f * f +
      (3 * p1 - p0 - 3 * p2 + p3) * f * f * f);
  return Math.max(0, v);
}

/** A curve between two others: 0 is `a`, 1 is `b`. */
function blend(a: DayCurve, b: DayCurve, t: number): DayCurve {
  return a.map((v, i) => v + (b[i]! - v) * t);
}

/** A curve scaled by a factor. */
function scaled(curve: DayCurve, factor: number): DayCurve {
  return curve.map((v) => v * factor);
}

/**
 * How busy each kind of place is over a working day and over a day off, by the clock of a city whose
 * morning rush peaks at 8 and evening rush at 17–18 (New York's). People in the area, bin filling and
 * (with a base load) a feeder's load follow it.
 */
const LAND_USE_ACTIVITY: Record<LandUse, { workday: DayCurve; dayOff: DayCurve }> = {
  transit: {
    workday: [
      0.04, 0.02, 0.01, 0.01, 0.03, 0.12, 0.35, 0.75, 1, 0.78, 0.5, 0.42, 0.45, 0.45, 0.45, 0.55,
      0.75, 0.95, 0.9, 0.62, 0.42, 0.32, 0.22, 0.12,
    ],
    dayOff: [
      0.06, 0.04, 0.02, 0.02, 0.02, 0.05, 0.1, 0.18, 0.28, 0.38, 0.48, 0.55, 0.58, 0.6, 0.6, 0.6,
      0.58, 0.55, 0.5, 0.44, 0.38, 0.3, 0.22, 0.12,
    ],
  },
  commercial: {
    workday: [
      0.05, 0.03, 0.02, 0.02, 0.02, 0.03, 0.05, 0.1, 0.2, 0.35, 0.55, 0.7, 0.82, 0.85, 0.82, 0.82,
      0.88, 0.96, 1, 0.9, 0.7, 0.45, 0.25, 0.1,
    ],
    dayOff: [
      0.06, 0.04, 0.02, 0.02, 0.02, 0.02, 0.03, 0.06, 0.12, 0.25, 0.48, 0.7, 0.88, 0.98, 1, 1, 1,
      0.98, 0.92, 0.8, 0.62, 0.4, 0.22, 0.1,
    ],
  },
  office: {
    workday: [
      0.03, 0.02, 0.02, 0.02, 0.02, 0.03, 0.08, 0.3, 0.7, 0.95, 1, 1, 0.95, 0.98, 1, 0.98, 0.92,
      0.75, 0.45, 0.25, 0.15, 0.1, 0.06, 0.04,
    ],
    dayOff: [
      0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.03, 0.04, 0.06, 0.08, 0.1, 0.12, 0.13, 0.13, 0.12, 0.1,
      0.08, 0.06, 0.05, 0.04, 0.03, 0.03, 0.02, 0.02,
    ],
  },
  residential: {
    workday: [
      0.15, 0.1, 0.08, 0.08, 0.08, 0.12, 0.35, 0.6, 0.55, 0.4, 0.35, 0.35, 0.38, 0.38, 0.38, 0.45,
      0.55, 0.7, 0.85, 0.9, 0.8, 0.6, 0.4, 0.25,
    ],
    dayOff: [
      0.18, 0.12, 0.09, 0.08, 0.08, 0.08, 0.12, 0.22, 0.38, 0.52, 0.62, 0.66, 0.66, 0.64, 0.62,
      0.62, 0.66, 0.72, 0.8, 0.82, 0.75, 0.58, 0.4, 0.26,
    ],
  },
  industrial: {
    workday: [
      0.3, 0.3, 0.3, 0.3, 0.3, 0.35, 0.6, 0.95, 1, 1, 1, 1, 0.9, 0.95, 1, 0.98, 0.75, 0.55, 0.45,
      0.4, 0.38, 0.35, 0.32, 0.3,
    ],
    dayOff: [
      0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.32, 0.35, 0.38, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4, 0.38, 0.36,
      0.34, 0.32, 0.32, 0.31, 0.3, 0.3,
    ],
  },
  campus: {
    workday: [
      0.1, 0.06, 0.04, 0.03, 0.03, 0.05, 0.15, 0.45, 0.85, 1, 0.95, 0.95, 0.9, 0.85, 0.92, 0.92,
      0.85, 0.75, 0.65, 0.6, 0.55, 0.45, 0.3, 0.18,
    ],
    dayOff: [
      0.12, 0.08, 0.05, 0.04, 0.03, 0.04, 0.08, 0.15, 0.22, 0.3, 0.4, 0.45, 0.45, 0.45, 0.45, 0.45,
      0.48, 0.5, 0.52, 0.52, 0.48, 0.4, 0.28, 0.18,
    ],
  },
  leisure: {
    workday: [
      0.04, 0.02, 0.01, 0.01, 0.01, 0.02, 0.06, 0.12, 0.18, 0.25, 0.35, 0.45, 0.55, 0.6, 0.62, 0.65,
      0.7, 0.75, 0.78, 0.72, 0.6, 0.45, 0.28, 0.12,
    ],
    dayOff: [
      0.06, 0.03, 0.02, 0.01, 0.01, 0.02, 0.05, 0.1, 0.2, 0.35, 0.55, 0.75, 0.9, 0.98, 1, 1, 1,
      0.98, 0.92, 0.8, 0.62, 0.45, 0.28, 0.12,
    ],
  },
  utility: {
    workday: [
      0.85, 0.84, 0.83, 0.83, 0.84, 0.88, 0.94, 0.98, 1, 0.99, 0.97, 0.96, 0.95, 0.95, 0.95, 0.96,
      0.97, 0.98, 0.99, 0.98, 0.96, 0.93, 0.9, 0.87,
    ],
    dayOff: [
      0.85, 0.84, 0.83, 0.83, 0.83, 0.85, 0.9, 0.94, 0.97, 0.98, 0.98, 0.97, 0.96, 0.96, 0.96, 0.96,
      0.97, 0.98, 0.98, 0.97, 0.95, 0.92, 0.89, 0.87,
    ],
  },
};

/** A feeder's load that does not follow the activity of its area (lighting, lifts, pumps, cooling). */
export const BASE_LOAD: Record<LandUse, number> = {
  transit: 0.5,
  commercial: 0.3,
  office: 0.35,
  residential: 0.45,
  industrial: 0.35,
  campus: 0.5,
  leisure: 0.35,
  utility: 0.8,
};

/** How much busier a site's roads and air are than the city's average junction, by land use. */
export const SITE_INTENSITY: Record<LandUse, { traffic: number; air: number }> = {
  transit: { traffic: 1.12, air: 1.08 },
  commercial: { traffic: 1.06, air: 1.04 },
  office: { traffic: 1, air: 0.98 },
  residential: { traffic: 0.86, air: 0.96 },
  industrial: { traffic: 0.9, air: 1.12 },
  campus: { traffic: 0.72, air: 0.86 },
  leisure: { traffic: 0.92, air: 0.9 },
  utility: { traffic: 0.85, air: 1 },
};

/** The character of a city: when its days run, how its streets, air, feeders, taps and bins behave. */
export type CityCharacter = {
  /**
   * Hours its day runs behind New York's clock: the Indian cities' rush hours are 09–11 and 18–21,
   * New York's 07–09 and 16–19.
   */
  clockShiftH: number;
  /** How much of a day off Saturday is (0 a working day, 1 a full day off); Sunday is one. */
  saturdayOff: number;
  /** The share of a site's peak that stays busy at night (night trains, late crowds). */
  nightFloor: number;
  /** Congestion (%) of the average junction: `floor + span × curve`. */
  traffic: { curves: WeekCurves; floor: number; span: number };
  /** AQI of an average site: `base × curve`, moved by the day's weather. */
  air: { curves: WeekCurves; base: number };
  /** A feeder's peak load as a share of its rating. */
  energy: { peakShare: number };
  /** The flow of a supply meter as a share of its rating, by hour (piped supply in set hours or not). */
  water: { curves: WeekCurves };
  /** Bin collection rounds (local hour they start), and how much of a bin a day fills at a busy site. */
  waste: { rounds: readonly number[]; busyRounds: readonly number[]; dailyFill: number };
  /** Vehicles a minute at a jammed junction, and free-flow speed in km/h. */
  roads: { vehiclesAtJam: number; freeFlowKmh: number };
};

const KOLKATA_TRAFFIC: WeekCurves = {
  weekday: [
    0.22, 0.16, 0.13, 0.12, 0.13, 0.17, 0.26, 0.4, 0.62, 0.86, 0.95, 0.86, 0.74, 0.7, 0.7, 0.72,
    0.78, 0.88, 0.97, 1, 0.94, 0.74, 0.5, 0.32,
  ],
  saturday: [
    0.24, 0.17, 0.13, 0.12, 0.12, 0.15, 0.22, 0.33, 0.5, 0.7, 0.8, 0.78, 0.72, 0.7, 0.7, 0.72, 0.78,
    0.86, 0.92, 0.93, 0.88, 0.72, 0.5, 0.34,
  ],
  sunday: [
    0.25, 0.18, 0.14, 0.12, 0.12, 0.13, 0.17, 0.23, 0.32, 0.44, 0.54, 0.6, 0.6, 0.56, 0.54, 0.56,
    0.62, 0.7, 0.76, 0.78, 0.72, 0.58, 0.4, 0.28,
  ],
};

const KHARAGPUR_TRAFFIC: WeekCurves = {
  weekday: [
    0.06, 0.04, 0.03, 0.03, 0.05, 0.12, 0.25, 0.45, 0.7, 0.92, 1, 0.82, 0.65, 0.52, 0.48, 0.55,
    0.68, 0.84, 0.96, 0.95, 0.78, 0.5, 0.25, 0.12,
  ],
  saturday: [
    0.07, 0.05, 0.03, 0.03, 0.05, 0.11, 0.22, 0.38, 0.58, 0.76, 0.82, 0.74, 0.62, 0.52, 0.48, 0.55,
    0.66, 0.8, 0.92, 0.92, 0.78, 0.52, 0.27, 0.13,
  ],
  sunday: [
    0.08, 0.05, 0.03, 0.03, 0.04, 0.08, 0.15, 0.24, 0.36, 0.5, 0.6, 0.62, 0.56, 0.46, 0.42, 0.46,
    0.56, 0.7, 0.82, 0.82, 0.68, 0.46, 0.25, 0.12,
  ],
};

const NEW_YORK_TRAFFIC: WeekCurves = {
  weekday: [
    0.2, 0.13, 0.1, 0.09, 0.11, 0.22, 0.48, 0.85, 1, 0.88, 0.72, 0.7, 0.72, 0.72, 0.76, 0.86, 0.96,
    1, 0.92, 0.72, 0.55, 0.46, 0.38, 0.28,
  ],
  saturday: [
    0.28, 0.2, 0.15, 0.12, 0.1, 0.12, 0.18, 0.28, 0.4, 0.54, 0.66, 0.74, 0.78, 0.8, 0.8, 0.8, 0.8,
    0.78, 0.72, 0.64, 0.56, 0.5, 0.44, 0.36,
  ],
  sunday: [
    0.3, 0.22, 0.16, 0.12, 0.1, 0.1, 0.14, 0.2, 0.3, 0.42, 0.54, 0.62, 0.68, 0.7, 0.7, 0.7, 0.7,
    0.68, 0.62, 0.54, 0.46, 0.38, 0.3, 0.22,
  ],
};

/**
 * Kolkata's air: worst at night and in the early morning, when the air sits low and the city's lorries
 * run (with the morning's +30 AQI of the reference facts), cleanest in the mid-afternoon.
 */
const KOLKATA_AIR_WEEKDAY: DayCurve = [
  1.08, 1.06, 1.03, 1, 1, 1.04, 1.12, 1.18, 1.14, 1.04, 0.92, 0.82, 0.76, 0.72, 0.7, 0.72, 0.78,
  0.88, 0.98, 1.06, 1.1, 1.12, 1.12, 1.1,
];

/** Kharagpur's air: cleaner, with the smoke of evening cooking fires and a smaller morning rise. */
const KHARAGPUR_AIR_WEEKDAY: DayCurve = [
  1, 0.96, 0.92, 0.9, 0.9, 0.94, 1.02, 1.08, 1.04, 0.96, 0.86, 0.78, 0.74, 0.72, 0.72, 0.76, 0.84,
  0.98, 1.14, 1.2, 1.16, 1.1, 1.06, 1.03,
];

/** New York's air: clean at night, a little worse at the morning rush, ozone in the afternoon sun. */
const NEW_YORK_AIR_WEEKDAY: DayCurve = [
  0.82, 0.8, 0.78, 0.78, 0.8, 0.85, 0.92, 1, 1.02, 1, 1, 1.04, 1.1, 1.16, 1.22, 1.25, 1.22, 1.15,
  1.06, 0.98, 0.92, 0.88, 0.86, 0.84,
];

/**
 * Piped supply in set hours, as in the Indian cities: pumps run in the morning, at midday and in the
 * evening, and little flows between (the reservoirs fill).
 */
const KOLKATA_WATER: DayCurve = [
  0.22, 0.2, 0.2, 0.22, 0.4, 0.85, 1, 1, 0.95, 0.7, 0.4, 0.45, 0.7, 0.7, 0.45, 0.3, 0.55, 0.9, 0.98,
  0.95, 0.7, 0.4, 0.28, 0.24,
];

/** Kharagpur's two supply hours: morning and evening. */
const KHARAGPUR_WATER: DayCurve = [
  0.12, 0.1, 0.1, 0.1, 0.18, 0.6, 0.95, 1, 0.92, 0.6, 0.3, 0.18, 0.15, 0.15, 0.15, 0.2, 0.45, 0.85,
  0.95, 0.8, 0.45, 0.22, 0.15, 0.12,
];

/** New York's supply never stops; it follows demand, lowest before dawn. */
const NEW_YORK_WATER_WEEKDAY: DayCurve = [
  0.6, 0.55, 0.52, 0.5, 0.52, 0.6, 0.78, 0.95, 1, 0.95, 0.88, 0.85, 0.84, 0.83, 0.82, 0.83, 0.86,
  0.9, 0.95, 0.97, 0.94, 0.86, 0.76, 0.66,
];
const NEW_YORK_WATER_DAY_OFF: DayCurve = [
  0.62, 0.57, 0.53, 0.5, 0.5, 0.52, 0.58, 0.68, 0.82, 0.93, 0.97, 0.95, 0.9, 0.86, 0.84, 0.84, 0.86,
  0.9, 0.94, 0.95, 0.92, 0.85, 0.76, 0.67,
];

/** The three cities: a megacity, a railway and university town, and New York. */
export const CITY_CHARACTERS: Record<CityKey, CityCharacter> = {
  kolkata: {
    clockShiftH: 1.5,
    saturdayOff: 0.35,
    nightFloor: 0.06,
    traffic: { curves: KOLKATA_TRAFFIC, floor: 6, span: 56 },
    air: {
      curves: {
        weekday: KOLKATA_AIR_WEEKDAY,
        saturday: scaled(KOLKATA_AIR_WEEKDAY, 0.97),
        sunday: scaled(KOLKATA_AIR_WEEKDAY, 0.9),
      },
      base: 66,
    },
    energy: { peakShare: 0.76 },
    water: { curves: { weekday: KOLKATA_WATER, saturday: KOLKATA_WATER, sunday: KOLKATA_WATER } },
    waste: { rounds: [6], busyRounds: [6, 15], dailyFill: 95 },
    roads: { vehiclesAtJam: 95, freeFlowKmh: 42 },
  },
  kharagpur: {
    clockShiftH: 1.5,
    saturdayOff: 0.35,
    nightFloor: 0.03,
    traffic: { curves: KHARAGPUR_TRAFFIC, floor: 4, span: 50 },
    air: {
      curves: {
        weekday: KHARAGPUR_AIR_WEEKDAY,
        saturday: KHARAGPUR_AIR_WEEKDAY,
        sunday: scaled(KHARAGPUR_AIR_WEEKDAY, 0.95),
      },
      base: 62,
    },
    energy: { peakShare: 0.76 },
    water: {
      curves: { weekday: KHARAGPUR_WATER, saturday: KHARAGPUR_WATER, sunday: KHARAGPUR_WATER },
    },
    waste: { rounds: [7], busyRounds: [7], dailyFill: 60 },
    roads: { vehiclesAtJam: 45, freeFlowKmh: 38 },
  },
  'new-york': {
    clockShiftH: 0,
    saturdayOff: 1,
    nightFloor: 0.08,
    traffic: { curves: NEW_YORK_TRAFFIC, floor: 8, span: 50 },
    air: {
      curves: {
        weekday: NEW_YORK_AIR_WEEKDAY,
        saturday: scaled(NEW_YORK_AIR_WEEKDAY, 0.92),
        sunday: scaled(NEW_YORK_AIR_WEEKDAY, 0.88),
      },
      base: 40,
    },
    energy: { peakShare: 0.72 },
    water: {
      curves: {
        weekday: NEW_YORK_WATER_WEEKDAY,
        saturday: NEW_YORK_WATER_DAY_OFF,
        sunday: NEW_YORK_WATER_DAY_OFF,
      },
    },
    waste: { rounds: [5], busyRounds: [5, 13, 20], dailyFill: 115 },
    roads: { vehiclesAtJam: 80, freeFlowKmh: 48 },
  },
};

/** Land uses whose bins are emptied on the busy rounds. */
export const BUSY_BINS: ReadonlySet<LandUse> = new Set(['transit', 'commercial', 'leisure']);

/** The activity of a land use over a city's week, on the city's own clock. */
export function activityCurves(city: CityCharacter, landUse: LandUse): WeekCurves {
  const { workday, dayOff } = LAND_USE_ACTIVITY[landUse];
  const floor = landUse === 'utility' ? 0 : city.nightFloor;
  const lift = (curve: DayCurve) => curve.map((v) => floor + (1 - floor) * v);
  return {
    weekday: lift(workday),
    saturday: lift(blend(workday, dayOff, city.saturdayOff)),
    sunday: lift(dayOff),
  };
}

/** FNV-1a of a text as a number in [0, 1): a sensor's own, stable character from its id. */
export function stableFraction(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 4294967296;
}

/** A standard normal number from two uniform ones (Box–Muller). */
export function gaussian(random: RandomSource): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * A slow wander around 0 (Ornstein–Uhlenbeck): after `dtMs` it keeps e^(−dt/τ) of its old value and
 * takes fresh noise for the rest, so its spread is `sigma` however often it is sampled.
 */
export function wander(
  value: number,
  dtMs: number,
  tauMs: number,
  sigma: number,
  random: RandomSource,
): number {
  const keep = Math.exp(-Math.max(0, dtMs) / tauMs);
  return value * keep + sigma * Math.sqrt(1 - keep * keep) * gaussian(random);
}
