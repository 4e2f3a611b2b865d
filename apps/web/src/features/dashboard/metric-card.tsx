import { aqiBand } from '@smart-city/shared';
import type { MetricSummary } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceIcon } from '../../components/service-icon';
import { formatDetail, METRIC_DETAILS, waterQualityOk } from './metric-format';
import { MetricFigure } from './metric-figure';
import { TrendBadge } from './trend-badge';

const CARD =
  'flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** The EPA band of an AQI: a swatch of its colour and its name, never the colour alone. */
function AqiBandBadge({ aqi }: { aqi: number }) {
  const { t } = useTranslation();
  const { band, color } = aqiBand(aqi);
  return (
    <p
      data-testid="aqi-band"
      data-band={band}
      className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-100"
    >
      <span
        aria-hidden="true"
        className="size-3 shrink-0 rounded-full ring-1 ring-slate-900/20 dark:ring-white/30"
        style={{ backgroundColor: color }}
      />
      {t('dashboard.aqiBand', { band: t(`dashboard.aqiBands.${band}`) })}
    </p>
  );
}

/** PM2.5 and NO2 for air, pH and turbidity (with a quality verdict) for water. */
function MetricDetails({ summary }: { summary: MetricSummary }) {
  const { t, i18n } = useTranslation();
  const shown = (METRIC_DETAILS[summary.metric] ?? []).filter(
    ({ key }) => summary.details[key] !== undefined,
  );
  const quality = summary.metric === 'water' ? waterQualityOk(summary.details) : null;
  if (shown.length === 0 && quality === null) return null;
  return (
    <div className="space-y-1 text-xs text-slate-600 dark:text-slate-400">
      {shown.length > 0 ? (
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          {shown.map(({ key, unit, digits }) => (
            <div key={key} className="flex gap-1" data-testid={`metric-detail-${key}`}>
              <dt>{t(`dashboard.details.${key as 'pm25' | 'no2' | 'ph' | 'turbidity'}`)}</dt>
              <dd className="font-medium text-slate-800 tabular-nums dark:text-slate-200">
                {formatDetail(summary.details[key]!, unit, digits, i18n.language)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {quality === null ? null : (
        <p
          data-testid="water-quality"
          className={
            quality
              ? 'font-medium text-emerald-700 dark:text-emerald-300'
              : 'font-medium text-amber-800 dark:text-amber-300'
          }
        >
          {t(quality ? 'dashboard.waterQuality.ok' : 'dashboard.waterQuality.outside')}
        </p>
      )}
    </div>
  );
}

/**
 * One dashboard card: the city figure now (live when the live state has it), its unit, its change
 * against the same time yesterday as the server computed it, and the secondary figures.
 */
export function MetricCard({
  summary,
  value,
  staleAsOf = null,
}: {
  summary: MetricSummary;
  value: number | null;
  /** While the live connection is down: the time the figure is from ('6:28 PM IST'). */
  staleAsOf?: string | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { metric } = summary;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`metric-card-${metric}`}
      data-metric={metric}
      className={CARD}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t(`dashboard.metrics.${metric}`)}
        </h3>
        <ServiceIcon type={metric} size={20} className="shrink-0 text-sky-600 dark:text-sky-400" />
      </div>
      <MetricFigure
        metric={metric}
        value={value}
        unit={summary.unit}
        emptyText={t('dashboard.noReadings')}
        testIdPrefix="metric"
      />
      {staleAsOf ? (
        <p
          data-testid="metric-stale"
          className="text-xs font-medium text-amber-800 dark:text-amber-300"
        >
          {t('connection.asOf', { time: staleAsOf })}
        </p>
      ) : null}
      {metric === 'air_quality' && value !== null ? <AqiBandBadge aqi={value} /> : null}
      <MetricDetails summary={summary} />
      <TrendBadge metric={metric} changePct={summary.changePct} />
      <p data-testid="metric-hint" className="mt-auto text-xs text-slate-500 dark:text-slate-400">
        {metric === 'population' ? (
          // A total of footfall sensors is not the city's population: it says what it counts.
          t('dashboard.peopleCounted.hint', { count: summary.sensors })
        ) : (
          <>
            {t(`dashboard.metricHints.${metric}`)}
            <span aria-hidden="true"> · </span>
            {t('dashboard.sensorsReporting', { count: summary.sensors })}
          </>
        )}
      </p>
    </article>
  );
}

/** A card-shaped placeholder while the overview loads. */
export function MetricCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="metric-card-skeleton" className={CARD}>
      <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
      <div className="h-8 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
      <div className="h-3 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
      <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
    </div>
  );
}
