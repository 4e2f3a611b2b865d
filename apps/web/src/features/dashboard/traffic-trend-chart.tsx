import type { AnalyticsPoint, AnalyticsWindow } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTheme } from '../../lib/theme/theme-context';

/** Axis labels: times of day for an hour or a day, day and hour for a week. */
function tickFormat(window: AnalyticsWindow, locale: string, timeZone: string | undefined) {
  const format = new Intl.DateTimeFormat(
    locale,
    window === '7d'
      ? { weekday: 'short', hour: 'numeric', timeZone }
      : { hour: 'numeric', minute: '2-digit', timeZone },
  );
  return (timestamp: string) => format.format(new Date(timestamp));
}

/**
 * The city's congestion over a window (recharts). Its own chunk: the chart library is the
 * heaviest part of the dashboard and nothing else on the screen waits for it.
 */
export function TrafficTrendChart({
  points,
  window,
  timeZone,
}: {
  points: readonly AnalyticsPoint[];
  window: AnalyticsWindow;
  /** The city's time zone, so the axis shows the city's own hours. */
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const { theme } = useTheme();
  const formatTick = tickFormat(window, i18n.language, timeZone);
  const tooltipTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const dark = theme === 'dark';
  return (
    <div className="h-64 w-full text-slate-600 dark:text-slate-400" data-testid="traffic-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={[...points]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <defs>
            <linearGradient id="traffic-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#0ea5e9" stopOpacity={0.35} />
              <stop offset="100%" stopColor="#0ea5e9" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis
            dataKey="timestamp"
            tickFormatter={formatTick}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            stroke="currentColor"
            strokeOpacity={0.3}
            minTickGap={32}
          />
          <YAxis
            domain={[0, 100]}
            unit="%"
            tick={{ fill: 'currentColor', fontSize: 12 }}
            stroke="currentColor"
            strokeOpacity={0.3}
            width={56}
          />
          <Tooltip
            labelFormatter={(label) => tooltipTime.format(new Date(String(label)))}
            formatter={(value) => [
              `${Number(value).toFixed(1)}%`,
              t('dashboard.trafficTrend.congestion'),
            ]}
            contentStyle={{
              background: dark ? '#0f172a' : '#ffffff',
              border: `1px solid ${dark ? '#334155' : '#e2e8f0'}`,
              borderRadius: 8,
              color: dark ? '#f1f5f9' : '#0f172a',
            }}
            labelStyle={{ color: dark ? '#cbd5e1' : '#334155' }}
          />
          <Area
            type="monotone"
            dataKey="value"
            stroke="#0ea5e9"
            strokeWidth={2}
            fill="url(#traffic-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
