import { SENSOR_TYPES } from '@smart-city/shared';
import type { MetricSummary } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { QueryError } from '../../components/query-states';
import { useCity } from '../../lib/city/city-context';
import { useStaleAsOf } from '../../lib/live/use-stale-as-of';
import { MetricCard, MetricCardSkeleton } from './metric-card';
import { useCityOverview } from './overview-query';

/** The server's summaries in one fixed order of the six metrics, so a card never changes place. */
export function inSpecOrder(metrics: readonly MetricSummary[]): MetricSummary[] {
  return SENSOR_TYPES.flatMap((type) => metrics.filter((summary) => summary.metric === type));
}

/**
 * The six city figures, all from the server's aggregates: trends and secondary figures from the
 * overview (refetched every minute), the headline values kept current in between by the live
 * `analytics:updated` figures the server computes for the city. The page never needs the city's
 * sensors for them, however many there are.
 */
export function MetricCards() {
  const { t } = useTranslation();
  const headingId = useId();
  const { cityKey } = useCity();
  const overview = useCityOverview(cityKey);
  // While the live connection is down the figures stop moving: each says when it is from.
  const staleAsOf = useStaleAsOf(overview.dataUpdatedAt);

  // A failed background refetch keeps the cards: their headline values are live anyway.
  const { data } = overview;
  let content;
  if (data === undefined && !overview.isError) {
    content = (
      <div role="status" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {SENSOR_TYPES.map((type) => (
          <MetricCardSkeleton key={type} />
        ))}
        <span className="sr-only">{t('app.loading')}</span>
      </div>
    );
  } else if (data === undefined) {
    content = (
      <QueryError
        testId="metric-cards-error"
        message={t('dashboard.cardsLoadFailed')}
        retrying={overview.isFetching}
        onRetry={() => void overview.refetch()}
      />
    );
  } else if (data.metrics.length === 0) {
    content = <EmptyState icon={<Icon name="dashboard" />} title={t('screens.dashboard.empty')} />;
  } else {
    content = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {inSpecOrder(data.metrics).map((summary) => (
          <MetricCard
            key={summary.metric}
            summary={summary}
            value={summary.value}
            staleAsOf={staleAsOf}
          />
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} data-testid="metric-cards">
      <h2 id={headingId} className="sr-only">
        {t('dashboard.cityFigures')}
      </h2>
      {content}
    </section>
  );
}
