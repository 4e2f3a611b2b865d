import { SENSOR_TYPES } from '@smart-city/shared';
import type { CityKey, MetricSummary } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkline } from '../../components/charts/sparkline';
import { ServiceIcon } from '../../components/icon';
import { useCity } from '../../lib/city/city-context';
import { formatMetricValue } from '../../lib/format/metric-value';
import { WALL_NAMESPACES } from '../../lib/i18n/wall-namespace';
import { useCitySeries } from './city-series-query';
import { inSpecOrder } from './metric-cards';
import { MetricFigure } from './metric-figure';
import { useCityOverview } from './overview-query';
import { TrendBadge } from './trend-badge';

const CARD =
  'flex min-h-0 flex-col justify-center gap-1 rounded-xl border border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900';

/** A metric's last day as a line: the same series the dashboard's charts read. */
function WallTrend({ city, summary }: { city: CityKey; summary: MetricSummary }) {
  const { t, i18n } = useTranslation(WALL_NAMESPACES);
  const series = useCitySeries(city, summary.metric, '24h');
  const points = series.data?.points ?? [];
  if (points.length < 2) {
    return (
      <p className="text-base text-slate-600 dark:text-slate-400" data-testid="wall-trend-none">
        {t('cards.noTrend')}
      </p>
    );
  }
  const values = points.map((point) => point.value);
  const format = (value: number) => formatMetricValue(value, summary.metric, i18n.language);
  return (
    <div className="text-sky-700 dark:text-sky-400">
      <Sparkline
        points={points.map((point) => ({ time: Date.parse(point.timestamp), value: point.value }))}
        testId="wall-trend"
        label={t('cards.trendLabel', {
          metric: t(`signedIn:dashboard.metrics.${summary.metric}`),
          min: format(Math.min(...values)),
          max: format(Math.max(...values)),
        })}
      />
    </div>
  );
}

/** One headline figure: its name, the value now, its change since yesterday and its last day. */
function WallFigure({ city, summary }: { city: CityKey; summary: MetricSummary }) {
  const { t } = useTranslation(WALL_NAMESPACES);
  const headingId = useId();
  const { metric } = summary;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`wall-card-${metric}`}
      data-metric={metric}
      className={CARD}
    >
      <h3
        id={headingId}
        className="flex items-center gap-2 text-base font-semibold text-slate-700 dark:text-slate-200"
      >
        <ServiceIcon type={metric} size={20} className="shrink-0 text-sky-600 dark:text-sky-400" />
        <span className="truncate">
          {/* A total of footfall sensors is not the city's population: the title says what it counts. */}
          {metric === 'population'
            ? t('signedIn:dashboard.metricHints.population')
            : t(`signedIn:dashboard.metrics.${metric}`)}
        </span>
      </h3>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4">
        <div className="min-w-0">
          <MetricFigure
            metric={metric}
            value={summary.value}
            unit={summary.unit}
            emptyText={t('cards.noReadings')}
            testIdPrefix="wall-card"
            large
          />
          <TrendBadge metric={metric} changePct={summary.changePct} large />
        </div>
        <WallTrend city={city} summary={summary} />
      </div>
    </article>
  );
}

/**
 * The six city figures of the wall, from the same server aggregates as the dashboard's cards (kept
 * current by the live figures), each with its trend over the last day; never the city's sensors.
 */
export function WallFigures() {
  const { t } = useTranslation(WALL_NAMESPACES);
  const headingId = useId();
  const { cityKey } = useCity();
  const overview = useCityOverview(cityKey);
  const { data } = overview;

  let content;
  if (data === undefined) {
    content = overview.isError ? (
      <p role="status" className="text-lg text-slate-700 dark:text-slate-300">
        {t('cards.loadFailed')}
      </p>
    ) : (
      SENSOR_TYPES.map((type) => (
        <div
          key={type}
          aria-hidden="true"
          className={`${CARD} animate-pulse motion-reduce:animate-none`}
        />
      ))
    );
  } else if (data.metrics.length === 0) {
    content = <p className="text-lg text-slate-700 dark:text-slate-300">{t('cards.noReadings')}</p>;
  } else {
    content = inSpecOrder(data.metrics).map((summary) => (
      <WallFigure key={summary.metric} city={cityKey} summary={summary} />
    ));
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="wall-cards"
      className="grid min-h-0 grid-rows-6 gap-3"
    >
      <h2 id={headingId} className="sr-only">
        {t('cards.title')}
      </h2>
      {content}
    </section>
  );
}
