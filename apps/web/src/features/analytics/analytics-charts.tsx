import type { AnalyticsForecast, AnalyticsPoint, CityKey, SensorType } from '@smart-city/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTheme } from '../../lib/theme/theme-context';
import { formatAxisTime, formatCityTime, formatMetricValue } from './analytics-format';
import { CITY_DASHES, chartPalette } from '../../components/charts/chart-theme';
import type { ChartPalette } from '../../components/charts/chart-theme';

/** Shared by the three charts: how times and values read on axes and in tooltips. */
interface ChartFormat {
  metric: SensorType;
  unit: string;
  timeZone: string | undefined;
}

const DAY_MS = 86_400_000;

/** Axis ticks name dates when the data spans more than a day and a half, else times of day. */
function spansDays(data: readonly { t: number }[]): boolean {
  const first = data.at(0);
  const last = data.at(-1);
  return first !== undefined && last !== undefined && last.t - first.t > 1.5 * DAY_MS;
}

/**
 * The first point of each day in the city's zone: date ticks placed anywhere else would repeat a
 * date or skip one.
 */
function dayStarts(data: readonly { t: number }[], timeZone: string | undefined): number[] {
  const day = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone });
  const ticks: number[] = [];
  let previous = '';
  for (const { t } of data) {
    const current = day.format(new Date(t));
    if (current !== previous) ticks.push(t);
    previous = current;
  }
  // The first day is usually partial: its tick would crowd the second one.
  return ticks.length > 2 ? ticks.slice(1) : ticks;
}

function useChartFormatters(
  { metric, unit, timeZone }: ChartFormat,
  data: readonly { t: number }[],
) {
  const { i18n } = useTranslation();
  const longSpan = spansDays(data);
  const locale = i18n.language;
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    ticks: longSpan ? dayStarts(data, timeZone) : undefined,
    tick: (ms: number) => formatAxisTime(ms, longSpan, timeZone, locale),
    yTick: (value: number) => compact.format(value),
    time: (ms: unknown) =>
      typeof ms === 'number' ? formatCityTime(new Date(ms).toISOString(), timeZone, locale) : '',
    value: (value: unknown) => {
      if (typeof value === 'number') return `${formatMetricValue(value, metric, locale)} ${unit}`;
      if (Array.isArray(value) && value.length === 2) {
        const [low, high] = value as [number, number];
        return `${formatMetricValue(low, metric, locale)}–${formatMetricValue(high, metric, locale)} ${unit}`;
      }
      return '';
    },
  };
}

function tooltipStyles(palette: ChartPalette) {
  return {
    contentStyle: {
      background: palette.tooltipBackground,
      border: `1px solid ${palette.tooltipBorder}`,
      borderRadius: 8,
      color: palette.tooltipText,
      fontSize: 12,
    },
    labelStyle: { color: palette.tooltipText, fontWeight: 600 },
    itemStyle: { color: palette.tooltipText },
  };
}

const CHART_MARGIN = { top: 8, right: 12, bottom: 0, left: 0 };
const AXIS_TICK_FONT = 12;

function axisProps(palette: ChartPalette) {
  return {
    stroke: palette.grid,
    tick: { fill: palette.axis, fontSize: AXIS_TICK_FONT },
    tickLine: false,
  };
}

type LegendItem = { label: string; color: string; shape: 'line' | 'band' | 'dot'; dash?: string };

/**
 * What the three charts share: a figure named by `label`, the grid, the time and value axes, the
 * tooltip and the legend under the chart. `children` draws the series.
 */
function TimeChartFrame({
  chart: Chart,
  data,
  height,
  label,
  format,
  palette,
  legend,
  children,
}: {
  chart: typeof ComposedChart | typeof LineChart;
  data: { t: number }[];
  height: number;
  label: string;
  format: ChartFormat;
  palette: ChartPalette;
  legend: LegendItem[];
  children: ReactNode;
}) {
  const formatters = useChartFormatters(format, data);
  return (
    <figure aria-label={label} className="m-0">
      <Chart responsive data={data} margin={CHART_MARGIN} style={{ width: '100%', height }}>
        <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          ticks={formatters.ticks}
          tickFormatter={formatters.tick}
          minTickGap={24}
          {...axisProps(palette)}
        />
        <YAxis
          width={48}
          tickFormatter={formatters.yTick}
          domain={['auto', 'auto']}
          {...axisProps(palette)}
        />
        <Tooltip
          labelFormatter={formatters.time}
          formatter={(value) => formatters.value(value)}
          {...tooltipStyles(palette)}
        />
        {children}
      </Chart>
      <ChartLegend items={legend} />
    </figure>
  );
}

/** The window's series: bucket averages as a line over the min–max band, anomalies as red dots. */
export function SeriesChart({
  points,
  anomalies,
  label,
  ...format
}: ChartFormat & {
  points: readonly AnalyticsPoint[];
  anomalies: readonly { timestamp: string; value: number }[];
  label: string;
}) {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const palette = chartPalette(theme);
  const data = points.map((p) => ({
    t: Date.parse(p.timestamp),
    value: p.value,
    range: [p.min, p.max] as [number, number],
  }));
  return (
    <TimeChartFrame
      chart={ComposedChart}
      data={data}
      height={288}
      label={label}
      format={format}
      palette={palette}
      legend={[
        { label: t('analytics.series.value'), color: palette.value, shape: 'line' },
        { label: t('analytics.series.range'), color: palette.band, shape: 'band' },
        ...(anomalies.length > 0
          ? [
              {
                label: t('analytics.series.anomaly'),
                color: palette.anomaly,
                shape: 'dot' as const,
              },
            ]
          : []),
      ]}
    >
      <Area
        dataKey="range"
        name={t('analytics.series.range')}
        stroke="none"
        fill={palette.band}
        fillOpacity={0.45}
        isAnimationActive={false}
      />
      <Line
        dataKey="value"
        name={t('analytics.series.value')}
        stroke={palette.value}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
      {anomalies.map((a) => (
        <ReferenceDot
          key={a.timestamp}
          x={Date.parse(a.timestamp)}
          y={a.value}
          r={5}
          fill={palette.anomaly}
          stroke={palette.tooltipBackground}
          strokeWidth={2}
          ifOverflow="extendDomain"
        />
      ))}
    </TimeChartFrame>
  );
}

/** Hourly history followed by the model's next hours and their likely range. */
export function ForecastChart({
  forecast,
  label,
  ...format
}: ChartFormat & { forecast: AnalyticsForecast; label: string }) {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const palette = chartPalette(theme);
  const history = forecast.history.map((p) => ({ t: Date.parse(p.timestamp), history: p.value }));
  const last = history.at(-1);
  // The forecast line starts on the last observed hour so the two read as one continuous curve.
  const ahead = forecast.forecast.map((p) => ({
    t: Date.parse(p.timestamp),
    forecast: p.value,
    bounds: [p.lower, p.upper] as [number, number],
  }));
  const data = [
    ...history.slice(0, -1),
    ...(last ? [{ ...last, forecast: last.history }] : []),
    ...ahead,
  ];
  return (
    <TimeChartFrame
      chart={ComposedChart}
      data={data}
      height={256}
      label={label}
      format={format}
      palette={palette}
      legend={[
        { label: t('analytics.forecast.history'), color: palette.value, shape: 'line' },
        {
          label: t('analytics.forecast.forecast'),
          color: palette.forecast,
          shape: 'line',
          dash: '6 4',
        },
        { label: t('analytics.forecast.bounds'), color: palette.forecastBand, shape: 'band' },
      ]}
    >
      <Area
        dataKey="bounds"
        name={t('analytics.forecast.bounds')}
        stroke="none"
        fill={palette.forecastBand}
        fillOpacity={0.5}
        isAnimationActive={false}
      />
      <Line
        dataKey="history"
        name={t('analytics.forecast.history')}
        stroke={palette.value}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
      <Line
        dataKey="forecast"
        name={t('analytics.forecast.forecast')}
        stroke={palette.forecast}
        strokeWidth={2}
        strokeDasharray="6 4"
        dot={false}
        isAnimationActive={false}
      />
      {last ? <ReferenceLine x={last.t} stroke={palette.axis} strokeDasharray="2 4" /> : null}
    </TimeChartFrame>
  );
}

/** One line a city over the same window; each line has its own colour and dash. */
export function CompareChart({
  cities,
  label,
  ...format
}: ChartFormat & {
  cities: readonly { city: CityKey; name: string; points: readonly AnalyticsPoint[] }[];
  label: string;
}) {
  const { theme } = useTheme();
  const palette = chartPalette(theme);
  const rows = new Map<number, Record<string, number>>();
  for (const { city, points } of cities) {
    for (const p of points) {
      const t = Date.parse(p.timestamp);
      const row = rows.get(t) ?? { t };
      row[city] = p.value;
      rows.set(t, row);
    }
  }
  const data = [...rows.values()].sort((a, b) => (a.t ?? 0) - (b.t ?? 0)) as {
    t: number;
  }[];
  return (
    <TimeChartFrame
      chart={LineChart}
      data={data}
      height={256}
      label={label}
      format={format}
      palette={palette}
      legend={cities.map(({ city, name }) => ({
        label: name,
        color: palette.cities[city],
        shape: 'line' as const,
        dash: CITY_DASHES[city],
      }))}
    >
      {cities.map(({ city, name }) => (
        <Line
          key={city}
          dataKey={city}
          name={name}
          stroke={palette.cities[city]}
          strokeDasharray={CITY_DASHES[city]}
          strokeWidth={2}
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </TimeChartFrame>
  );
}

/** A legend in HTML under a chart: a swatch drawn like the series, and its name in words. */
function ChartLegend({ items }: { items: LegendItem[] }) {
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
