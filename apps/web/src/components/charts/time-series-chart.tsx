import { lazy, Suspense } from 'react';
import { Spinner } from '../spinner';

/** One point of a series; `min` and `max` equal `value` for a raw reading. */
export interface TimeSeriesPoint {
  /** Epoch milliseconds. */
  time: number;
  value: number;
  min: number;
  max: number;
}

/** A horizontal line across the chart, such as an alert threshold. */
export interface ChartReferenceLine {
  value: number;
  label: string;
  color: string;
}

/**
 * Props of `TimeSeriesChart`.
 *
 * - `points`: oldest first.
 * - `color`: the line's colour (a sensor type's colour, for instance).
 * - `showRange`: draw the min–max band (for bucketed series).
 * - `referenceLines`: horizontal lines with a label; the value axis stretches to show them.
 * - `label`: what the chart shows, for assistive technology.
 * - `timeZone`: the IANA zone the time axis is written in; `windowMs` picks day or hour labels.
 */
export interface TimeSeriesChartProps {
  points: readonly TimeSeriesPoint[];
  color: string;
  unit: string;
  label: string;
  showRange?: boolean;
  referenceLines?: readonly ChartReferenceLine[];
  timeZone?: string;
  windowMs: number;
  height?: number;
  texts: { value: string; range: string };
}

// recharts is large: it downloads as its own chunk the first time a chart is drawn.
const TimeSeriesChartView = lazy(() => import('./time-series-chart-view'));

/** A time series as a line, with an optional min–max band and reference lines (recharts, lazy). */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const height = props.height ?? 240;
  return (
    <Suspense
      fallback={
        <div style={{ height }} className="flex items-center justify-center">
          <Spinner />
        </div>
      }
    >
      <TimeSeriesChartView {...props} height={height} />
    </Suspense>
  );
}
