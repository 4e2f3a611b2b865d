import type { AnalyticsForecast, AnalyticsPoint, CityKey, SensorType } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Area, Line, ReferenceDot, ReferenceLine } from 'recharts';
import { valueAxis } from '../../components/charts/chart-axes';
import { ChartFrame } from '../../components/charts/chart-frame';
import { cityLineStyle, useChartPalette } from '../../components/charts/chart-theme';
import { formatMetricValue } from '../../lib/format/metric-value';

/** What every analytics chart is told: the metric (for its decimals), its unit and the city's zone. */
export interface AnalyticsChartProps {
  metric: SensorType;
  unit: string;
  timeZone: string | undefined;
  label: string;
  height: number;
}

function useMetricFormat(metric: SensorType) {
  const { i18n } = useTranslation();
  return (value: number) => formatMetricValue(value, metric, i18n.language);
}

/** The window's series: bucket averages as a line over the min–max band, anomalies as red dots. */
export function SeriesChartView({
  points,
  anomalies,
  metric,
  ...frame
}: AnalyticsChartProps & {
  points: readonly AnalyticsPoint[];
  anomalies: readonly { timestamp: string; value: number }[];
}) {
  const { t } = useTranslation();
  const palette = useChartPalette();
  const formatValue = useMetricFormat(metric);
  const data = points.map((p) => ({
    t: Date.parse(p.timestamp),
    value: p.value,
    range: [p.min, p.max] as [number, number],
  }));
  const axis = valueAxis([
    ...points.flatMap((p) => [p.min, p.max]),
    ...anomalies.map((a) => a.value),
  ]);
  return (
    <ChartFrame
      {...frame}
      data={data}
      valueAxis={axis}
      formatValue={formatValue}
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
    </ChartFrame>
  );
}

/** Hourly history followed by the model's next hours and their likely range. */
export function ForecastChartView({
  forecast,
  metric,
  ...frame
}: AnalyticsChartProps & { forecast: AnalyticsForecast }) {
  const { t } = useTranslation();
  const palette = useChartPalette();
  const formatValue = useMetricFormat(metric);
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
  const axis = valueAxis([
    ...forecast.history.map((p) => p.value),
    ...forecast.forecast.flatMap((p) => [p.lower, p.upper]),
  ]);
  return (
    <ChartFrame
      {...frame}
      data={data}
      valueAxis={axis}
      formatValue={formatValue}
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
    </ChartFrame>
  );
}

/** One line a city over the same window, in the city's own colour and dash. */
export function CompareChartView({
  cities,
  metric,
  ...frame
}: AnalyticsChartProps & {
  cities: readonly { city: CityKey; name: string; points: readonly AnalyticsPoint[] }[];
}) {
  const palette = useChartPalette();
  const formatValue = useMetricFormat(metric);
  const rows = new Map<number, { t: number } & Partial<Record<CityKey, number>>>();
  for (const { city, points } of cities) {
    for (const p of points) {
      const t = Date.parse(p.timestamp);
      const row = rows.get(t) ?? { t };
      row[city] = p.value;
      rows.set(t, row);
    }
  }
  const data = [...rows.values()].sort((a, b) => a.t - b.t);
  const axis = valueAxis(cities.flatMap(({ points }) => points.map((p) => p.value)));
  return (
    <ChartFrame
      {...frame}
      data={data}
      valueAxis={axis}
      formatValue={formatValue}
      legend={cities.map(({ city, name }) => {
        const { color, dash } = cityLineStyle(palette, city);
        return { label: name, color, shape: 'line' as const, dash };
      })}
    >
      {cities.map(({ city, name }) => {
        const { color, dash } = cityLineStyle(palette, city);
        return (
          <Line
            key={city}
            dataKey={city}
            name={name}
            stroke={color}
            strokeDasharray={dash}
            strokeWidth={2}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        );
      })}
    </ChartFrame>
  );
}
