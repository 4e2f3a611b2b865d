import { ANOMALY_Z_THRESHOLD } from '@smart-city/shared';
import type { AnalyticsAnomalies } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { StatusIcon } from '../../components/status-icon';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { formatCityTime } from '../../lib/format/date-time';
import { formatMetricReading, formatMetricValue } from '../../lib/format/metric-value';
import { useAnalyticsAnomalies } from './anomalies-query';
import type { AnalyticsView } from './analytics-view';
import { formatSigned } from '../../lib/format/numbers';

/** The window's mean and spread, then its unusual buckets newest first (or that there are none). */
function AnomaliesFound({ result, view }: { result: AnalyticsAnomalies; view: AnalyticsView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { anomalies, mean, stdDev, unit } = result;
  const newestFirst = anomalies.toSorted(
    (a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp),
  );
  return (
    <>
      {mean !== null && stdDev !== null ? (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          {t('analytics.anomalies.stats', {
            mean: formatMetricValue(mean, view.metric, locale),
            stdDev: formatMetricValue(stdDev, view.metric, locale),
            unit,
          })}
        </p>
      ) : null}
      {newestFirst.length === 0 ? (
        <EmptyState
          icon={<StatusIcon status="success" size={24} />}
          title={t('analytics.anomalies.empty')}
        />
      ) : (
        <ul
          className="max-h-96 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800"
          data-testid="analytics-anomalies-list"
        >
          {newestFirst.map((anomaly) => {
            const above = anomaly.zScore >= 0;
            return (
              <li
                key={anomaly.timestamp}
                data-testid="analytics-anomaly"
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900 dark:text-white">
                    <time dateTime={anomaly.timestamp} data-testid="analytics-anomaly-time">
                      {formatCityTime(anomaly.timestamp, view.timeZone, locale)}
                    </time>
                  </p>
                  <p
                    className={`text-xs font-semibold ${
                      above ? 'text-red-700 dark:text-red-300' : 'text-sky-700 dark:text-sky-300'
                    }`}
                  >
                    <span aria-hidden="true">{above ? '↑ ' : '↓ '}</span>
                    {above ? t('analytics.anomalies.above') : t('analytics.anomalies.below')}
                  </p>
                </div>
                <dl className="flex gap-4 text-right text-sm">
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">
                      {t('analytics.anomalies.value')}
                    </dt>
                    <dd
                      className="font-semibold text-slate-900 dark:text-white"
                      data-testid="analytics-anomaly-value"
                    >
                      {formatMetricReading(anomaly.value, view.metric, unit, locale)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">
                      {t('analytics.anomalies.zScore')}
                    </dt>
                    <dd
                      className="font-semibold text-slate-900 tabular-nums dark:text-white"
                      data-testid="analytics-anomaly-z"
                    >
                      {formatSigned(anomaly.zScore, 2, locale)}
                    </dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** The window's unusual buckets, newest first, with their time in the city's own zone. */
export function AnomaliesSection({ view }: { view: AnalyticsView }) {
  const { t } = useTranslation();
  const query = useAnalyticsAnomalies(view);
  return (
    <SectionCard
      title={t('analytics.anomalies.title')}
      description={t('analytics.anomalies.intro', {
        threshold: query.data?.threshold ?? ANOMALY_Z_THRESHOLD,
      })}
      testId="analytics-anomalies"
    >
      <QueryContent
        query={query}
        errorMessage={t('analytics.anomalies.loadFailed')}
        errorTestId="analytics-anomalies-error"
      >
        {(result) => <AnomaliesFound result={result} view={view} />}
      </QueryContent>
    </SectionCard>
  );
}
