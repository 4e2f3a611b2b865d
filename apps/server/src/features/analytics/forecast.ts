/**
 * Forecasting of an hourly city series, as pure functions: additive Holt-Winters with a daily season
 * (smoothing parameters chosen by a small grid search on one-step error) and seasonal-naive (each hour
 * repeats the same hour of the last day). Both are backtested by refitting without the last season and
 * scoring on it; the caller serves the one with the lower backtest MAE.
 */

import type { ForecastModel } from '@smart-city/shared';

/** The daily season of an hourly series. */
const DAILY_SEASON = 24;

/** z of a two-sided 95 % interval under normal errors. */
const Z_95 = 1.959964;

type HoltWintersParams = { alpha: number; beta: number; gamma: number };

/** The grid the smoothing parameters are chosen from (small on purpose: 120 fits of a few hundred steps). */
const HW_GRID = {
  alpha: [0.05, 0.1, 0.2, 0.3, 0.5, 0.7],
  beta: [0, 0.01, 0.05, 0.1],
  gamma: [0.05, 0.1, 0.2, 0.3, 0.5],
} as const;

/** A fitted model: its forecasts for the next `h` steps and the spread of its one-step errors. */
export type FittedModel = {
  model: ForecastModel;
  /** Forecasts for steps 1..h after the series. */
  predict: (h: number) => number[];
  /** Half-width multipliers of the prediction interval at steps 1..h, in units of `sigma`. */
  spread: (h: number) => number[];
  /** Root mean square of the in-sample one-step errors. */
  sigma: number;
  params?: HoltWintersParams;
};

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const rms = (xs: readonly number[]) =>
  xs.length === 0 ? 0 : Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);

/** The state of additive Holt-Winters after running through a series, and its one-step errors. */
function runHoltWinters(series: readonly number[], m: number, p: HoltWintersParams) {
  const first = series.slice(0, m);
  const second = series.slice(m, 2 * m);
  let level = mean(first);
  let trend = second.length === m ? (mean(second) - level) / m : 0;
  const season = first.map((x) => x - level);
  const errors: number[] = [];
  for (let t = m; t < series.length; t++) {
    const x = series[t]!;
    const s = season[t - m]!;
    errors.push(x - (level + trend + s));
    const previous = level;
    level = p.alpha * (x - s) + (1 - p.alpha) * (level + trend);
    trend = p.beta * (level - previous) + (1 - p.beta) * trend;
    season.push(p.gamma * (x - level) + (1 - p.gamma) * s);
  }
  return { level, trend, season, errors };
}

/**
 * Additive Holt-Winters with season length `m`, its parameters picked from HW_GRID by the lowest sum
 * of squared one-step errors. Needs at least two seasons (the first sets the level and season, the
 * second the trend); returns null with less.
 */
export function fitHoltWinters(series: readonly number[], m = DAILY_SEASON): FittedModel | null {
  if (series.length < 2 * m) return null;
  let best: { p: HoltWintersParams; sse: number } | null = null;
  for (const alpha of HW_GRID.alpha)
    for (const beta of HW_GRID.beta)
      for (const gamma of HW_GRID.gamma) {
        const p = { alpha, beta, gamma };
        const sse = runHoltWinters(series, m, p).errors.reduce((s, e) => s + e * e, 0);
        if (!best || sse < best.sse) best = { p, sse };
      }
  const p = best!.p;
  const state = runHoltWinters(series, m, p);
  const n = series.length;
  return {
    model: 'holt-winters',
    params: p,
    sigma: rms(state.errors),
    predict: (h) =>
      Array.from(
        { length: h },
        (_, i) => state.level + (i + 1) * state.trend + state.season[n - m + (i % m)]!,
      ),
    // Variance of the k-step error of additive Holt-Winters relative to the one-step error:
    // 1 + Σ_{j=1}^{k-1} (α(1 + jβ) + γ·[j mod m = 0])².
    spread: (h) => {
      const out: number[] = [];
      let variance = 1;
      for (let k = 1; k <= h; k++) {
        if (k > 1) {
          const j = k - 1;
          const c = p.alpha * (1 + j * p.beta) + (j % m === 0 ? p.gamma : 0);
          variance += c * c;
        }
        out.push(Math.sqrt(variance));
      }
      return out;
    },
  };
}

/**
 * Seasonal-naive: step k ahead repeats the value one season (or more) before it. Needs one season;
 * returns null with less. Its one-step error is the change from the same hour a season earlier.
 */
export function fitSeasonalNaive(series: readonly number[], m = DAILY_SEASON): FittedModel | null {
  const n = series.length;
  if (n < m) return null;
  const errors: number[] = [];
  for (let t = m; t < n; t++) errors.push(series[t]! - series[t - m]!);
  return {
    model: 'seasonal-naive',
    // With one season only there is no error yet: the interval stays empty rather than invented.
    sigma: rms(errors),
    predict: (h) => Array.from({ length: h }, (_, i) => series[n - m + (i % m)]!),
    // k steps ahead is ⌈k/m⌉ seasons ahead: the error of each season adds up.
    spread: (h) => Array.from({ length: h }, (_, i) => Math.sqrt(Math.floor(i / m) + 1)),
  };
}

const FITTERS: Record<ForecastModel, (series: readonly number[], m: number) => FittedModel | null> =
  {
    'holt-winters': fitHoltWinters,
    'seasonal-naive': fitSeasonalNaive,
  };

export type BacktestScore = {
  /** Mean absolute error over the held-out steps. */
  mae: number;
  /** Mean absolute percentage error over the held-out steps whose actual value is not 0; null if none. */
  mape: number | null;
  hours: number;
};

/** Scores forecasts against what happened. */
export function score(actual: readonly number[], predicted: readonly number[]): BacktestScore {
  const errors = actual.map((a, i) => Math.abs(a - predicted[i]!));
  const pct = actual.flatMap((a, i) => (a === 0 ? [] : [errors[i]! / Math.abs(a)]));
  return {
    mae: mean(errors),
    mape: pct.length === 0 ? null : mean(pct) * 100,
    hours: actual.length,
  };
}

/** Refits a model without the last `h` steps, forecasts them and scores the forecast; null when it cannot fit. */
export function backtest(
  model: ForecastModel,
  series: readonly number[],
  h = DAILY_SEASON,
  m = DAILY_SEASON,
): BacktestScore | null {
  if (series.length <= h) return null;
  const fitted = FITTERS[model](series.slice(0, series.length - h), m);
  if (!fitted) return null;
  return score(series.slice(series.length - h), fitted.predict(h));
}

type ForecastStep = { value: number; lower: number; upper: number };

export type ForecastResult = {
  model: ForecastModel;
  backtest: BacktestScore;
  /** Both models' backtests, for the record (a model that cannot be backtested is null). */
  candidates: Record<ForecastModel, BacktestScore | null>;
  forecast: ForecastStep[];
};

/**
 * Backtests both models on the series, refits the one with the lower MAE (seasonal-naive on a tie:
 * the simpler one) on the whole series and forecasts `h` steps with a 95 % interval from the spread of
 * its one-step errors. Values and bounds are kept within `range`. Null when neither model can be
 * backtested (under one season plus the held-out steps).
 */
export function forecastHourly(
  series: readonly number[],
  options: { h?: number; m?: number; range?: { min: number; max: number } } = {},
): ForecastResult | null {
  const h = options.h ?? DAILY_SEASON;
  const m = options.m ?? DAILY_SEASON;
  const clamp = (x: number) =>
    options.range ? Math.min(options.range.max, Math.max(options.range.min, x)) : x;
  const candidates: Record<ForecastModel, BacktestScore | null> = {
    'holt-winters': backtest('holt-winters', series, h, m),
    'seasonal-naive': backtest('seasonal-naive', series, h, m),
  };
  let chosen: ForecastModel | null = null;
  for (const model of ['seasonal-naive', 'holt-winters'] as const) {
    const s = candidates[model];
    if (s && (chosen === null || s.mae < candidates[chosen]!.mae)) chosen = model;
  }
  if (!chosen) return null;
  const fitted = FITTERS[chosen](series, m)!;
  const values = fitted.predict(h);
  const spread = fitted.spread(h);
  return {
    model: chosen,
    backtest: candidates[chosen]!,
    candidates,
    forecast: values.map((v, i) => {
      const half = Z_95 * fitted.sigma * spread[i]!;
      return { value: clamp(v), lower: clamp(v - half), upper: clamp(v + half) };
    }),
  };
}

/**
 * A regular hourly series from hours that have values: interior gaps are filled by straight lines
 * between their neighbours. `hours` are epoch hours (ms / 3,600,000), ascending.
 */
export function regularHourly(points: readonly { hour: number; value: number }[]): number[] {
  if (points.length === 0) return [];
  const out: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const prev = points[i - 1];
    if (prev) {
      const gap = p.hour - prev.hour;
      for (let k = 1; k < gap; k++) out.push(prev.value + ((p.value - prev.value) * k) / gap);
    }
    out.push(p.value);
  }
  return out;
}
