import { canTriageReports } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { StaleAsOf } from '../../components/stale-as-of';
import { useAnalyticsSeries } from '../../lib/analytics/series-query';
import { useAuth } from '../../lib/auth/auth-context';
import { AnalyticsFilters } from './analytics-filters';
import { useAnalyticsView } from './analytics-view';
import { AnomaliesSection } from './anomalies-section';
import { CompareSection } from './compare-section';
import { ForecastSection } from './forecast-section';
import { ReportFiguresSection } from './report-figures-section';
import { SeriesSection } from './series-section';

/**
 * A city metric over 24 hours, 7 days or 30 days: its series with anomalies marked, a forecast of
 * the next day with the model's measured error, and the three cities side by side; for operators
 * and admins, how the city's citizens' reports were handled.
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { view, change } = useAnalyticsView();
  const { allows } = useAuth();
  // The series is what moves with the city: while the connection is down, it says when it is from.
  const series = useAnalyticsSeries(view);
  return (
    <>
      <PageHeader
        title={t('screens.analytics.title')}
        actions={<StaleAsOf updatedAt={series.dataUpdatedAt} testId="analytics-stale" />}
      />
      <AnalyticsFilters
        city={view.city}
        metric={view.metric}
        window={view.window}
        onChange={change}
      />
      <div className="space-y-6">
        <SeriesSection view={view} />
        <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
          <ForecastSection view={view} />
          <AnomaliesSection view={view} />
        </div>
        <CompareSection view={view} />
        {/* How reports are handled is the staff's working figure, as their queue is. */}
        {allows(canTriageReports) ? <ReportFiguresSection view={view} /> : null}
      </div>
    </>
  );
}
