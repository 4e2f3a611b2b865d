import { useTranslation } from 'react-i18next';
import { Bar, ReferenceLine } from 'recharts';
import { valueAxis } from '../../components/charts/chart-axes';
import { ChartFrame } from '../../components/charts/chart-frame';
import { THRESHOLD_DASHES, useChartPalette } from '../../components/charts/chart-theme';
import { formatNumber } from '../../lib/format/numbers';
import type { AlarmRateChartProps } from './alarm-rate-chart';

/** The recharts drawing behind `AlarmRateChart`. */
export function AlarmRateChartView({
  buckets,
  manageable,
  overDemanding,
  timeZone,
  height,
  texts,
}: AlarmRateChartProps) {
  const { i18n } = useTranslation();
  const palette = useChartPalette();
  const data = buckets.map((bucket) => ({ t: Date.parse(bucket.at), count: bucket.count }));
  const axis = valueAxis([0, ...buckets.map((b) => b.count), manageable, overDemanding]);
  const lines = [
    { value: manageable, label: texts.manageable, severity: 'warning' as const },
    { value: overDemanding, label: texts.overDemanding, severity: 'critical' as const },
  ];

  return (
    <ChartFrame
      data={data}
      label={texts.label}
      height={height}
      timeZone={timeZone}
      valueAxis={axis}
      formatValue={(value) => formatNumber(value, i18n.language)}
      unit=""
      testId="alarm-rate-chart"
      legend={[
        { label: texts.value, color: palette.value, shape: 'band' },
        ...lines.map((line) => ({
          label: line.label,
          color: palette.thresholds[line.severity],
          shape: 'line' as const,
          dash: THRESHOLD_DASHES[line.severity],
        })),
      ]}
    >
      <Bar dataKey="count" name={texts.value} fill={palette.value} isAnimationActive={false} />
      {lines.map((line) => (
        <ReferenceLine
          key={line.label}
          y={line.value}
          stroke={palette.thresholds[line.severity]}
          strokeDasharray={THRESHOLD_DASHES[line.severity]}
          ifOverflow="extendDomain"
        />
      ))}
    </ChartFrame>
  );
}
