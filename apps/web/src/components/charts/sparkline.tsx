import { useChartPalette } from './chart-theme';

/** One point of a sparkline: epoch milliseconds and a value. */
export interface SparklinePoint {
  time: number;
  value: number;
}

/**
 * A series at a glance: a line without axes over its own time and value range, in the charts'
 * series colour. Drawn as plain SVG, so it costs no chart library where a figure only needs its
 * shape; `label` says what it shows (the range in words) for assistive technology.
 */
export function Sparkline({
  points,
  label,
  width = 240,
  height = 48,
  testId,
}: {
  /** Oldest first. */
  points: readonly SparklinePoint[];
  label: string;
  width?: number;
  height?: number;
  testId?: string;
}) {
  const palette = useChartPalette();
  const inset = 2;
  const times = points.map((p) => p.time);
  const values = points.map((p) => p.value);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const v0 = Math.min(...values);
  const v1 = Math.max(...values);
  const x = (time: number) =>
    t1 === t0 ? width / 2 : inset + ((time - t0) / (t1 - t0)) * (width - 2 * inset);
  // A flat series is drawn across the middle rather than along an edge.
  const y = (value: number) =>
    v1 === v0 ? height / 2 : inset + (1 - (value - v0) / (v1 - v0)) * (height - 2 * inset);
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.time).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  const last = points[points.length - 1];
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={points.length}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      className="block h-12 w-full"
    >
      <path
        d={path}
        fill="none"
        stroke={palette.value}
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
      {last ? <circle cx={x(last.time)} cy={y(last.value)} r={2.5} fill={palette.value} /> : null}
    </svg>
  );
}
