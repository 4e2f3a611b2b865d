import type { SensorType } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { formatMetricValue, formatUnit } from '../../lib/format/metric-value';

/**
 * A city figure as the dashboard's cards and the wall show it: the value in the metric's own
 * precision and its unit, or a line saying there are no readings. `testIdPrefix` names its parts
 * (`-value`, `-unit`, `-empty`); `large` is the wall's, read from across a room, on one line.
 */
export function MetricFigure({
  metric,
  value,
  unit,
  emptyText,
  testIdPrefix,
  large = false,
}: {
  metric: SensorType;
  value: number | null;
  unit: string;
  emptyText: string;
  testIdPrefix: string;
  large?: boolean;
}) {
  const { i18n } = useTranslation();
  if (value === null) {
    return (
      <p
        data-testid={`${testIdPrefix}-empty`}
        className={`font-medium text-slate-600 dark:text-slate-400 ${large ? 'text-lg' : 'py-1 text-base'}`}
      >
        {emptyText}
      </p>
    );
  }
  return (
    <p className={`flex items-baseline gap-x-1.5 ${large ? 'whitespace-nowrap' : 'flex-wrap'}`}>
      <span
        data-testid={`${testIdPrefix}-value`}
        className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white"
      >
        {formatMetricValue(value, metric, i18n.language)}
      </span>
      <span
        data-testid={`${testIdPrefix}-unit`}
        className={`text-slate-600 dark:text-slate-400 ${large ? 'text-base' : 'text-sm'}`}
      >
        {formatUnit(unit, i18n.language)}
      </span>
    </p>
  );
}
