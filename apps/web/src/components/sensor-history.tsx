import { READING_WINDOWS } from '@smart-city/shared';
import type { ReadingWindow, Sensor } from '@smart-city/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ChartLoading } from './charts/chart-loading';
import { CHART_HEIGHT_PX, useChartPalette } from './charts/chart-theme';
import { TimeSeriesChart } from './charts/time-series-chart';
import { WindowSwitch } from './charts/window-switch';
import { QueryError } from './query-states';
import { formatMetricValue, formatUnit } from '../lib/format/metric-value';
import { useSensorReadings } from '../lib/sensors/sensor-readings-query';
import { thresholdLines } from '../lib/sensors/sensor-thresholds';
import type { ThresholdLine } from '../lib/sensors/sensor-thresholds';

/** A sensor's readings over a window, with its alert thresholds drawn across. */
export function SensorHistory({
  sensor,
  window,
  onWindowChange,
  timeZone,
}: {
  sensor: Sensor;
  window: ReadingWindow;
  onWindowChange: (window: ReadingWindow) => void;
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const palette = useChartPalette();
  const query = useSensorReadings(sensor.id, window);
  const lines = thresholdLines(sensor);
  const history = query.data;
  // The API answers newest first; the chart reads left to right. Live readings re-render this
  // section several times a second, while the history changes only when it is fetched again.
  const points = useMemo(
    () =>
      (history?.points ?? [])
        .map((p) => ({ time: Date.parse(p.timestamp), value: p.value, min: p.min, max: p.max }))
        .reverse(),
    [history],
  );
  const severityName = (severity: ThresholdLine['severity']) => t(`severity.${severity}`);

  return (
    <section
      aria-labelledby="sensor-history-title"
      data-testid="sensor-history"
      data-window={query.isPlaceholderData ? undefined : history?.window}
      className="space-y-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="sensor-history-title" className="font-semibold text-slate-900 dark:text-white">
          {t('sensors.detail.history')}
        </h3>
        <WindowSwitch
          windows={READING_WINDOWS}
          value={window}
          onChange={onWindowChange}
          label={t('sensors.detail.windowLabel')}
          optionTestIdPrefix="sensor-window"
        />
      </div>
      {query.isPending ? (
        <ChartLoading height={CHART_HEIGHT_PX} />
      ) : query.isError ? (
        <QueryError
          message={t('sensors.detail.historyFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : points.length === 0 ? (
        <p
          data-testid="sensor-history-empty"
          className="flex h-40 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
        >
          {t('sensors.detail.historyEmpty')}
        </p>
      ) : (
        <div
          data-testid="sensor-history-chart"
          data-points={points.length}
          aria-busy={query.isPlaceholderData}
          className={query.isPlaceholderData ? 'opacity-60' : undefined}
        >
          <TimeSeriesChart
            points={points}
            unit={formatUnit(sensor.unit, locale)}
            formatValue={(value) => formatMetricValue(value, sensor.type, locale)}
            height={CHART_HEIGHT_PX}
            timeZone={timeZone}
            showRange={(history?.bucketS ?? 0) > 0}
            label={t('sensors.chart.label', {
              name: sensor.name,
              window: t(`sensors.detail.windows.${window}`),
            })}
            texts={{ value: t('sensors.chart.value'), range: t('sensors.chart.range') }}
            referenceLines={lines.map((line) => ({
              value: line.value,
              label: severityName(line.severity),
              severity: line.severity,
            }))}
          />
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            {bucketNote(history?.bucketS ?? 0, t)}
          </p>
        </div>
      )}
      <div>
        <h4 className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          {t('sensors.detail.thresholds')}
        </h4>
        {lines.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('sensors.detail.noThresholds')}
          </p>
        ) : (
          <ul
            data-testid="sensor-thresholds"
            className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm"
          >
            {lines.map((line) => {
              const params = {
                severity: severityName(line.severity),
                value: formatMetricValue(line.value, sensor.type, locale),
                unit: formatUnit(sensor.unit, locale),
              };
              return (
                <li
                  key={line.severity}
                  className="flex items-center gap-1.5 text-slate-700 dark:text-slate-200"
                >
                  <span
                    aria-hidden="true"
                    className="inline-block h-0 w-4 border-t-2 border-dashed"
                    style={{ borderColor: palette.thresholds[line.severity] }}
                  />
                  {line.percentOfRated === null
                    ? t('sensors.detail.thresholdValue', params)
                    : t('sensors.detail.energyThreshold', {
                        ...params,
                        percent: line.percentOfRated,
                      })}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/** What one point of the chart stands for: a reading, or the average of a bucket. */
function bucketNote(bucketS: number, t: TFunction): string {
  if (bucketS === 0) return t('sensors.detail.raw');
  if (bucketS === 86_400) return t('sensors.detail.bucketedDay');
  if (bucketS === 3_600) return t('sensors.detail.bucketedHour');
  return t('sensors.detail.bucketed', { minutes: Math.round(bucketS / 60) });
}
