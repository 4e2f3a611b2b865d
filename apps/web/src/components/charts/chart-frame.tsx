import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, ComposedChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAxisTime, formatCityTime } from '../../lib/format/date-time';
import { formatCompactNumber } from '../../lib/format/numbers';
import { dayStarts, roundTimeTicks, spansDays } from './chart-axes';
import type { ValueAxis } from './chart-axes';
import { useChartPalette } from './chart-theme';

/** A legend entry: a swatch drawn like its series, and its name in words. */
interface LegendItem {
  label: string;
  color: string;
  shape: 'line' | 'band' | 'dot';
  dash?: string;
}

export interface ChartFrameProps {
  /** One row a moment, oldest first: `t` in epoch milliseconds, then a key per series. */
  data: readonly { t: number }[];
  /** What the chart shows, for assistive technology. */
  label: string;
  height: number;
  /** The city's zone: the time axis and the tooltip read in the city's own hours. */
  timeZone: string | undefined;
  valueAxis: ValueAxis;
  /** A value as the tooltip shows it, without its unit. */
  formatValue: (value: number) => string;
  unit: string;
  legend?: readonly LegendItem[];
  testId?: string;
  /** The series: recharts `Line`, `Area`, `ReferenceLine` and the like. */
  children: ReactNode;
}

const MARGIN = { top: 8, right: 12, bottom: 0, left: 0 };
const TICK_FONT_PX = 12;
const VALUE_AXIS_WIDTH_PX = 48;

/**
 * What every time chart shares: the figure named by `label`, the grid, the time axis in the
 * city's zone (dates at day starts over long windows, round times of day otherwise), the value
 * axis with its unit over it, the tooltip and the legend under the chart. Colours come from the
 * chart palette.
 */
export function ChartFrame({
  data,
  label,
  height,
  timeZone,
  valueAxis,
  formatValue,
  unit,
  legend,
  testId,
  children,
}: ChartFrameProps) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const palette = useChartPalette();
  const times = data.map((row) => row.t);
  const longSpan = spansDays(times);
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
  const axis = {
    stroke: palette.grid,
    tick: { fill: palette.axis, fontSize: TICK_FONT_PX },
    tickLine: false,
  };

  return (
    <figure aria-label={label} data-testid={testId} className="m-0">
      {unit ? (
        <p
          data-testid="chart-unit"
          aria-hidden="true"
          className="mb-1 text-xs text-slate-600 dark:text-slate-400"
        >
          {unit}
        </p>
      ) : null}
      <ComposedChart responsive data={[...data]} margin={MARGIN} style={{ width: '100%', height }}>
        <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          ticks={longSpan ? dayStarts(times, timeZone) : roundTimeTicks(times, timeZone)}
          tickFormatter={(ms: number) => formatAxisTime(ms, longSpan, timeZone, locale)}
          minTickGap={24}
          {...axis}
        />
        <YAxis
          width={VALUE_AXIS_WIDTH_PX}
          domain={valueAxis.domain}
          ticks={valueAxis.ticks}
          tickFormatter={(value: number) => formatCompactNumber(value, locale)}
          {...axis}
        />
        <Tooltip
          labelFormatter={(ms) =>
            typeof ms === 'number' ? formatCityTime(ms, timeZone, locale) : ''
          }
          formatter={(value) => {
            if (typeof value === 'number') return withUnit(formatValue(value));
            if (Array.isArray(value) && value.length === 2) {
              const [low, high] = value as [number, number];
              return withUnit(`${formatValue(low)}–${formatValue(high)}`);
            }
            return '';
          }}
          contentStyle={{
            background: palette.tooltipBackground,
            border: `1px solid ${palette.tooltipBorder}`,
            borderRadius: 8,
            color: palette.tooltipText,
            fontSize: TICK_FONT_PX,
          }}
          labelStyle={{ color: palette.tooltipText, fontWeight: 600 }}
          itemStyle={{ color: palette.tooltipText }}
        />
        {children}
      </ComposedChart>
      {legend && legend.length > 0 ? <ChartLegend items={legend} /> : null}
    </figure>
  );
}

/** A legend in HTML under a chart: a swatch drawn like the series, and its name in words. */
function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <figcaption>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {items.map((item) => (
          <li key={item.label} className="inline-flex items-center gap-1.5">
            <svg width="22" height="10" aria-hidden="true">
              {item.shape === 'line' ? (
                <line
                  x1="1"
                  y1="5"
                  x2="21"
                  y2="5"
                  stroke={item.color}
                  strokeWidth="2"
                  strokeDasharray={item.dash}
                />
              ) : item.shape === 'band' ? (
                <rect x="1" y="1" width="20" height="8" rx="2" fill={item.color} opacity="0.6" />
              ) : (
                <circle cx="11" cy="5" r="4" fill={item.color} />
              )}
            </svg>
            {item.label}
          </li>
        ))}
      </ul>
    </figcaption>
  );
}
