import { Area, Line, ReferenceLine } from 'recharts';
import { valueAxis } from './chart-axes';
import { ChartFrame } from './chart-frame';
import { THRESHOLD_DASHES, useChartPalette } from './chart-theme';
import type { TimeSeriesChartProps } from './time-series-chart';

/** The recharts drawing behind `TimeSeriesChart`. */
export function TimeSeriesChartView({
  points,
  unit,
  label,
  formatValue,
  showRange = false,
  referenceLines = [],
  timeZone,
  height,
  texts,
}: TimeSeriesChartProps) {
  const palette = useChartPalette();
  const data = points.map((p) => ({
    t: p.time,
    value: p.value,
    range: [p.min, p.max] as [number, number],
  }));
  const axis = valueAxis([
    ...points.flatMap((p) => [p.min, p.max]),
    ...referenceLines.map((line) => line.value),
  ]);

  return (
    <ChartFrame
      data={data}
      label={label}
      height={height}
      timeZone={timeZone}
      valueAxis={axis}
      formatValue={formatValue}
      unit={unit}
      testId="time-series-chart"
    >
      {showRange ? (
        <Area
          dataKey="range"
          name={texts.range}
          stroke="none"
          fill={palette.band}
          fillOpacity={0.45}
          isAnimationActive={false}
        />
      ) : null}
      <Line
        dataKey="value"
        name={texts.value}
        stroke={palette.value}
        strokeWidth={2}
        dot={points.length <= 1}
        isAnimationActive={false}
      />
      {referenceLines.map((line) => (
        <ReferenceLine
          key={line.label}
          y={line.value}
          stroke={palette.thresholds[line.severity]}
          strokeDasharray={THRESHOLD_DASHES[line.severity]}
          ifOverflow="extendDomain"
          // Every label on the right, over its line, in its line's colour: one place to read them.
          label={{
            value: line.label,
            position: 'insideTopRight',
            fill: palette.thresholds[line.severity],
            fontSize: 11,
          }}
        />
      ))}
    </ChartFrame>
  );
}
