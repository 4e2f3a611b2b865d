import { ANALYTICS_BUCKET_S } from '@smart-city/shared';
import type { AnalyticsSeries } from '@smart-city/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { MAIN_CHART_HEIGHT_PX } from '../../components/charts/chart-theme';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { useAnalyticsSeries } from '../../lib/analytics/series-query';
import { formatMetricValue, formatUnit } from '../../lib/format/metric-value';
import { useAnalyticsAnomalies } from './anomalies-query';
import { csvFileName, downloadText, seriesCsv } from './analytics-format';
import type { AnalyticsView } from './analytics-view';
import { SeriesChart } from './lazy-charts';

/** '5 min', '15 min', '1 hour': the length of one bucket in words. */
function bucketSizeText(bucketS: number, t: TFunction): string {
  if (bucketS < 3_600)
    return t('analytics.bucketSizes.minutes', { count: Math.round(bucketS / 60) });
  if (bucketS < 86_400)
    return t('analytics.bucketSizes.hours', { count: Math.round(bucketS / 3_600) });
  return t('analytics.bucketSizes.days', { count: Math.round(bucketS / 86_400) });
}

function SummaryFigures({ series, view }: { series: AnalyticsSeries; view: AnalyticsView }) {
  const { t, i18n } = useTranslation();
  // The server's figures of the window: the band drawn from the points reaches exactly these.
  const { summary } = series;
  if (summary.average === null || summary.min === null || summary.max === null) return null;
  const figures = [
    { key: 'average', label: t('analytics.summary.average'), value: summary.average },
    { key: 'min', label: t('analytics.summary.min'), value: summary.min },
    { key: 'max', label: t('analytics.summary.max'), value: summary.max },
  ] as const;
  return (
    <dl aria-label={t('analytics.summary.label')} className="mb-4 grid grid-cols-3 gap-2 sm:gap-4">
      {figures.map((figure) => (
        <div
          key={figure.key}
          className="min-w-0 rounded-lg bg-slate-50 px-3 py-2.5 sm:px-4 dark:bg-slate-800/60"
        >
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{figure.label}</dt>
          <dd className="mt-0.5 text-lg font-semibold break-words text-slate-900 sm:text-xl dark:text-white">
            <span data-testid={`analytics-summary-${figure.key}`}>
              {formatMetricValue(figure.value, view.metric, i18n.language)}
            </span>{' '}
            <span className="text-xs font-medium text-slate-500 dark:text-slate-400">
              {formatUnit(series.unit, i18n.language)}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The window's figures, chart and bucket count, or that it has no readings. */
function SeriesFound({
  series,
  anomalies,
  view,
}: {
  series: AnalyticsSeries;
  anomalies: readonly { timestamp: string; value: number }[];
  view: AnalyticsView;
}) {
  const { t, i18n } = useTranslation();
  const unit = formatUnit(series.unit, i18n.language);
  if (series.points.length === 0) {
    return (
      <EmptyState
        icon={<Icon name="analytics" />}
        title={t('analytics.series.empty')}
        description={t('analytics.series.emptyHelp', {
          city: view.cityName,
          window: view.windowName,
        })}
      />
    );
  }
  return (
    <>
      <SummaryFigures series={series} view={view} />
      <SeriesChart
        points={series.points}
        anomalies={anomalies}
        metric={view.metric}
        unit={unit}
        timeZone={view.timeZone}
        height={MAIN_CHART_HEIGHT_PX}
        label={t('analytics.series.chartLabel', {
          metric: view.metricName,
          city: view.cityName,
          window: view.windowName,
          unit,
        })}
      />
      <p
        className="mt-2 text-xs text-slate-500 dark:text-slate-400"
        data-testid="analytics-buckets"
      >
        {t('analytics.buckets', {
          count: series.points.length,
          size: bucketSizeText(series.bucketS || ANALYTICS_BUCKET_S[view.window], t),
        })}
      </p>
    </>
  );
}

/** The chosen metric over the chosen window: summary figures, the chart and its CSV export. */
export function SeriesSection({ view }: { view: AnalyticsView }) {
  const { t } = useTranslation();
  const series = useAnalyticsSeries(view);
  const anomalies = useAnalyticsAnomalies(view);
  const shown = series.data;
  const hasPoints = shown !== undefined && shown.points.length > 0;

  return (
    <SectionCard
      title={t('analytics.series.title', {
        metric: view.metricName,
        city: view.cityName,
        window: view.windowName,
      })}
      description={t('analytics.series.intro')}
      testId="analytics-series"
      actions={
        <button
          type="button"
          className={secondaryButton}
          disabled={!hasPoints}
          title={t('analytics.export.label')}
          data-testid="analytics-export-csv"
          onClick={() => {
            if (!shown) return;
            downloadText(
              csvFileName(shown.city, shown.metric, shown.window),
              seriesCsv(shown.points),
            );
          }}
        >
          {t('analytics.export.button')}
        </button>
      }
    >
      <QueryContent
        query={series}
        errorMessage={t('analytics.series.loadFailed')}
        errorTestId="analytics-series-error"
      >
        {(data) => (
          <SeriesFound series={data} anomalies={anomalies.data?.anomalies ?? []} view={view} />
        )}
      </QueryContent>
    </SectionCard>
  );
}
