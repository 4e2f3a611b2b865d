import { useTranslation } from 'react-i18next';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTheme } from '../../lib/theme/theme-context';
import { chartPalette } from './chart-theme';
import type { TimeSeriesChartProps, TimeSeriesPoint } from './time-series-chart';

/** Windows longer than this get day-and-time labels on the time axis. */
const DAY_MS = 86_400_000;

function timeFormatter(locale: string, timeZone: string | undefined, windowMs: number) {
  const format = new Intl.DateTimeFormat(
    locale,
    windowMs > DAY_MS
      ? { month: 'short', day: 'numeric', timeZone }
      : { hour: 'numeric', minute: '2-digit', timeZone },
  );
  return (time: number) => format.format(new Date(time));
}

function numberFormatter(locale: string) {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (value: number) => format.format(value);
}

/** A round step near `rough`: 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10;
  return step * power;
}

/** Ticks a value axis gets, about; the domain is widened to whole steps so the ticks are round. */
const VALUE_TICKS = 5;

/**
 * The value axis: the data and every reference line, widened to round steps so the ticks read
 * as 10, 20, 30 rather than 18.98, 26.98. It starts at 0 when the data is near it.
 */
export function valueAxis(
  points: readonly TimeSeriesPoint[],
  lines: readonly { value: number }[],
): { domain: [number, number]; ticks: number[] } {
  const values = [...points.flatMap((p) => [p.min, p.max]), ...lines.map((l) => l.value)];
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high === low) {
    low -= Math.abs(low) * 0.1 || 1;
    high += Math.abs(high) * 0.1 || 1;
  }
  // A little air, so that no line sits on the frame where its label would meet the axis.
  const air = (high - low) * 0.06;
  low -= low >= 0 ? Math.min(air, low) : air;
  high += air;
  const step = niceStep((high - low) / (VALUE_TICKS - 1));
  let first = Math.floor(low / step) * step;
  if (low >= 0 && first < 0) first = 0;
  const last = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Rounded, so that 0.1 + 0.2 lands on a tick of 0.3.
  for (let tick = first; tick <= last + step / 2; tick += step) ticks.push(Number(tick.toFixed(6)));
  return { domain: [ticks[0]!, ticks[ticks.length - 1]!], ticks };
}

/** The recharts drawing behind `TimeSeriesChart`. */
export default function TimeSeriesChartView({
  points,
  color,
  unit,
  label,
  showRange = false,
  referenceLines = [],
  timeZone,
  windowMs,
  height,
  texts,
}: TimeSeriesChartProps) {
  const { i18n } = useTranslation();
  const { theme } = useTheme();
  const palette = chartPalette(theme);
  const formatTime = timeFormatter(i18n.language, timeZone, windowMs);
  const formatNumber = numberFormatter(i18n.language);
  const axis = valueAxis(points, referenceLines);
  const data = points.map((p) => ({ ...p, range: [p.min, p.max] as [number, number] }));
  const fullTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });

  return (
    <div role="img" aria-label={label} data-testid="time-series-chart" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={formatTime}
            stroke={palette.axis}
            tick={{ fill: palette.axis, fontSize: 12 }}
            minTickGap={32}
          />
          <YAxis
            domain={axis.domain}
            ticks={axis.ticks}
            tickFormatter={formatNumber}
            stroke={palette.axis}
            tick={{ fill: palette.axis, fontSize: 12 }}
            width={48}
          />
          <Tooltip
            labelFormatter={(time) => fullTime.format(new Date(Number(time)))}
            formatter={(value, name) => {
              const shown = Array.isArray(value)
                ? value.map((v) => formatNumber(Number(v))).join(' – ')
                : formatNumber(Number(value));
              return [`${shown} ${unit}`, name === 'range' ? texts.range : texts.value];
            }}
            itemStyle={{ color: palette.tooltipText }}
            contentStyle={{
              background: palette.tooltipBackground,
              borderColor: palette.grid,
              color: palette.tooltipText,
              borderRadius: 8,
            }}
          />
          {showRange ? (
            <Area
              dataKey="range"
              name="range"
              stroke="none"
              fill={color}
              fillOpacity={0.25}
              isAnimationActive={false}
            />
          ) : null}
          <Line
            dataKey="value"
            name="value"
            stroke={color}
            strokeWidth={2}
            dot={points.length <= 1}
            isAnimationActive={false}
          />
          {referenceLines.map((line, index) => (
            <ReferenceLine
              key={line.label}
              y={line.value}
              stroke={line.color}
              strokeDasharray="6 4"
              ifOverflow="extendDomain"
              label={{
                value: line.label,
                // Alternate sides, so the labels of lines close together do not overlap.
                position: index % 2 === 0 ? 'insideTopRight' : 'insideTopLeft',
                fill: line.color,
                fontSize: 11,
              }}
            />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
