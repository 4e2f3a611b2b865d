import { lazyPart } from '../lazy-part';
import { ChartLoading } from './chart-loading';
import type { ThresholdSeverity } from './chart-theme';

/** One point of a series; `min` and `max` equal `value` for a raw reading. */
interface TimeSeriesPoint {
  /** Epoch milliseconds. */
  time: number;
  value: number;
  min: number;
  max: number;
}

/** A horizontal line across the chart at an alert threshold, in that severity's colour. */
interface ChartReferenceLine {
  value: number;
  label: string;
  severity: ThresholdSeverity;
}

/**
 * Props of `TimeSeriesChart`.
 *
 * - `points`: oldest first.
 * - `showRange`: draw the min–max band (for bucketed series).
 * - `referenceLines`: horizontal lines with a label; the value axis stretches to show them.
 * - `label`: what the chart shows, for assistive technology.
 * - `timeZone`: the IANA zone the time axis and tooltip are written in.
 * - `formatValue`: a value as the tooltip shows it, without its unit.
 */
export interface TimeSeriesChartProps {
  points: readonly TimeSeriesPoint[];
  unit: string;
  label: string;
  formatValue: (value: number) => string;
  showRange?: boolean;
  referenceLines?: readonly ChartReferenceLine[];
  timeZone?: string;
  height: number;
  texts: { value: string; range: string };
}

/** A time series as a line, with an optional min–max band and threshold lines (recharts, lazy). */
export const TimeSeriesChart = lazyPart<TimeSeriesChartProps>({
  chunk: 'chart',
  load: () => import('./time-series-chart-view').then((module) => module.TimeSeriesChartView),
  loading: ({ height }) => <ChartLoading height={height} />,
});
