import { describe, expect, it } from 'vitest';
import {
  backtest,
  fitHoltWinters,
  fitSeasonalNaive,
  forecastHourly,
  regularHourly,
  score,
} from './forecast';

const sine = (hours: number, { base = 50, amplitude = 20, slope = 0, offset = 0 } = {}) =>
  Array.from(
    { length: hours },
    (_, t) => base + slope * t + amplitude * Math.sin((2 * Math.PI * (t + offset)) / 24),
  );

describe('Holt-Winters', () => {
  it('follows a clean daily sine with a small error', () => {
    const series = sine(14 * 24);
    const fitted = fitHoltWinters(series)!;
    expect(fitted.model).toBe('holt-winters');
    // Amplitude 20: one-step errors stay well under 1 % of it.
    expect(fitted.sigma).toBeLessThan(0.2);
    const next = fitted.predict(24);
    const truth = sine(15 * 24).slice(14 * 24);
    next.forEach((v, i) => expect(Math.abs(v - truth[i]!)).toBeLessThan(0.2));
    expect(backtest('holt-winters', series)!.mae).toBeLessThan(0.2);
  });

  it('needs two seasons', () => {
    expect(fitHoltWinters(sine(47))).toBeNull();
    expect(fitHoltWinters(sine(48))).not.toBeNull();
  });

  it('widens its interval with the horizon', () => {
    const noisy = sine(10 * 24).map((v, i) => v + ((i * 7919) % 11) - 5);
    const spread = fitHoltWinters(noisy)!.spread(24);
    expect(spread[0]).toBe(1);
    for (let i = 1; i < 24; i++) expect(spread[i]!).toBeGreaterThanOrEqual(spread[i - 1]!);
  });
});

describe('seasonal-naive', () => {
  it('repeats the last day, hour for hour', () => {
    const series = Array.from({ length: 48 }, (_, t) => t);
    const fitted = fitSeasonalNaive(series)!;
    expect(fitted.predict(24)).toEqual(Array.from({ length: 24 }, (_, i) => 24 + i));
    expect(fitted.predict(26)).toEqual([...Array.from({ length: 24 }, (_, i) => 24 + i), 24, 25]);
    // Every hour is 24 above the same hour a day earlier.
    expect(fitted.sigma).toBe(24);
    expect(fitted.spread(25)).toEqual([...Array<number>(24).fill(1), Math.SQRT2]);
  });

  it('is backtested on the held-out last day', () => {
    const series = Array.from({ length: 72 }, (_, t) => t);
    // Refitted on hours 0–47 it predicts 24–47 for hours 48–71: off by 24 every hour.
    const result = backtest('seasonal-naive', series)!;
    expect(result.mae).toBe(24);
    expect(result.hours).toBe(24);
    expect(result.mape).toBeCloseTo(
      (Array.from({ length: 24 }, (_, i) => 24 / (48 + i)).reduce((s, x) => s + x, 0) / 24) * 100,
      10,
    );
  });
});

describe('choosing a model', () => {
  it('fits none under one day of history plus the held-out day', () => {
    expect(forecastHourly(sine(47))).toBeNull();
  });

  it('serves seasonal-naive when Holt-Winters cannot be backtested yet', () => {
    const result = forecastHourly(sine(60))!;
    expect(result.model).toBe('seasonal-naive');
    expect(result.candidates['holt-winters']).toBeNull();
    expect(result.forecast).toHaveLength(24);
  });

  it('serves the model with the lower backtest error', () => {
    // A pattern that repeats exactly: seasonal-naive is perfect.
    const repeating = sine(7 * 24);
    const exact = forecastHourly(repeating)!;
    expect(exact.model).toBe('seasonal-naive');
    expect(exact.backtest.mae).toBeCloseTo(0, 10);

    // A steady climb on top of the cycle: last day's values lag, Holt-Winters follows the trend.
    const climbing = forecastHourly(sine(10 * 24, { slope: 0.5 }))!;
    expect(climbing.model).toBe('holt-winters');
    expect(climbing.backtest.mae).toBeLessThan(climbing.candidates['seasonal-naive']!.mae);
    expect(climbing.candidates['seasonal-naive']!.mae).toBeCloseTo(12, 6);
  });

  it('keeps values and bounds in the metric range, bounds around the value', () => {
    const noisy = sine(10 * 24, { base: 5, amplitude: 10 }).map((v, i) =>
      Math.max(0, v + (((i * 7919) % 13) - 6)),
    );
    const result = forecastHourly(noisy, { range: { min: 0, max: 100 } })!;
    for (const f of result.forecast) {
      expect(f.lower).toBeGreaterThanOrEqual(0);
      expect(f.lower).toBeLessThanOrEqual(f.value);
      expect(f.upper).toBeGreaterThanOrEqual(f.value);
      expect(f.upper).toBeLessThanOrEqual(100);
    }
    expect(result.forecast.some((f) => f.upper > f.lower)).toBe(true);
  });
});

describe('helpers', () => {
  it('fills hours without readings by straight lines', () => {
    expect(
      regularHourly([
        { hour: 10, value: 1 },
        { hour: 11, value: 2 },
        { hour: 14, value: 5 },
      ]),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(regularHourly([])).toEqual([]);
  });

  it('scores MAE and MAPE, leaving zero actuals out of MAPE', () => {
    expect(score([10, 0], [12, 1])).toEqual({ mae: 1.5, mape: 20, hours: 2 });
    expect(score([0, 0], [1, 1]).mape).toBeNull();
  });
});
