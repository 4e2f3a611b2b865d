import type { CityKey, SensorType } from '@smart-city/shared';

/** A source of numbers in [0, 1): Math.random in the server, a seeded one in tests. */
export type RandomSource = () => number;

/** Rush hours by city, local time: the Indian cities peak later in the morning than New York. */
export const RUSH_HOURS: Record<CityKey, [number, number][]> = {
  kolkata: [
    [9, 11],
    [18, 21],
  ],
  kharagpur: [
    [9, 11],
    [18, 21],
  ],
  'new-york': [
    [7, 9],
    [16, 19],
  ],
};

const INDIAN: ReadonlySet<string> = new Set(['kolkata', 'kharagpur']);

export type ShapeContext = {
  city: string;
  hour: number;
  weekend: boolean;
  /** The sensor's own slowly drifting position within the range, 0–1. */
  level: number;
  metadata: Record<string, unknown>;
};

function within(range: [number, number], level: number): number {
  return range[0] + (range[1] - range[0]) * level;
}

function inRush(city: string, hour: number): boolean {
  return (RUSH_HOURS[city as CityKey] ?? []).some(([from, to]) => hour >= from && hour < to);
}

/**
 * The expected primary value of a sensor type at a local time, before noise and faults. Shapes follow
 * the reference facts: congestion by rush hour and night, AQI by region and morning, daytime energy.
 */
export function expectedValue(type: SensorType, ctx: ShapeContext): number {
  const night = ctx.hour < 6 || ctx.hour >= 23;
  switch (type) {
    case 'traffic': {
      const range: [number, number] = inRush(ctx.city, ctx.hour)
        ? [70, 95]
        : night
          ? [5, 25]
          : [15, 45];
      return within(range, ctx.level) * (ctx.weekend ? 0.8 : 1);
    }
    case 'air_quality': {
      if (!INDIAN.has(ctx.city)) return within([20, 90], ctx.level);
      return within([60, 200], ctx.level) + (ctx.hour >= 6 && ctx.hour < 9 ? 30 : 0);
    }
    case 'energy': {
      const rated = typeof ctx.metadata.ratedMw === 'number' ? ctx.metadata.ratedMw : 40;
      const share =
        ctx.hour >= 8 && ctx.hour < 20
          ? within([0.6, 0.88], ctx.level)
          : within([0.3, 0.5], ctx.level);
      return rated * share * (ctx.weekend ? 0.85 : 1);
    }
    case 'water': {
      // Supply in ML/day follows the morning and evening draw.
      const peak = (ctx.hour >= 5 && ctx.hour < 9) || (ctx.hour >= 17 && ctx.hour < 21);
      return within(peak ? [140, 180] : [90, 130], ctx.level);
    }
    case 'population': {
      const busy = ctx.hour >= 8 && ctx.hour < 22;
      return Math.round(
        within(busy ? [1500, 6000] : [100, 800], ctx.level) * (ctx.weekend ? 1.2 : 1),
      );
    }
    case 'waste':
      // Bins are stateful; the simulator keeps their fill level itself.
      return ctx.level * 100;
  }
}

/** Fill added to a bin per hour: 2–8 % by day, slower at night. */
export function wasteFillPerHour(hour: number, random: RandomSource): number {
  const day = hour >= 7 && hour < 22;
  return day ? 2 + random() * 6 : 0.5 + random() * 1.5;
}
