import type { AnalyticsPoint } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Area } from 'recharts';
import { PERCENT_AXIS } from '../../components/charts/chart-axes';
import { ChartFrame } from '../../components/charts/chart-frame';
import { useChartPalette } from '../../components/charts/chart-theme';
import { formatMetricValue } from '../../lib/format/metric-value';

/**
 * The city's congestion over a window, as an area on a 0–100 % axis. Its own chunk: the chart
 * library is the heaviest part of the dashboard and nothing else on the screen waits for it.
 */
export function TrafficTrendChartView({
  points,
  unit,
  timeZone,
  height,
  label,
}: {
  points: readonly AnalyticsPoint[];
  unit: string;
  /** The city's time zone, so the axis shows the city's own hours. */
  timeZone: string | undefined;
  height: number;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const palette = useChartPalette();
  const fillId = useId();
  const data = points.map((p) => ({ t: Date.parse(p.timestamp), value: p.value }));
  return (
    <ChartFrame
      data={data}
      label={label}
      height={height}
      timeZone={timeZone}
      valueAxis={PERCENT_AXIS}
      formatValue={(value) => formatMetricValue(value, 'traffic', i18n.language)}
      unit={unit}
      testId="traffic-chart"
    >
      <defs>
        <linearGradient id={fillId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={palette.value} stopOpacity={0.35} />
          <stop offset="100%" stopColor={palette.value} stopOpacity={0.02} />
        </linearGradient>
      </defs>
      <Area
        type="monotone"
        dataKey="value"
        name={t('dashboard.trafficTrend.congestion')}
        stroke={palette.value}
        strokeWidth={2}
        fill={`url(#${fillId})`}
        isAnimationActive={false}
      />
    </ChartFrame>
  );
}
