import { FORECAST_HORIZON_H, FORECAST_MIN_HISTORY_H } from '@smart-city/shared';
import type { AnalyticsForecast } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { CHART_HEIGHT_PX } from '../../components/charts/chart-theme';
import { InlineAlert } from '../../components/inline-alert';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { formatMetricValue, formatUnit } from '../../lib/format/metric-value';
import type { AnalyticsView } from './analytics-view';
import { useAnalyticsForecast } from './forecast-query';
import { ForecastChart } from './lazy-charts';
import { formatShare } from '../../lib/format/numbers';

/** Hours of history drawn before the forecast: enough to see three daily seasons continue. */
const FORECAST_CHART_HISTORY_H = 72;

/** The model's name in words and its measured error, so the forecast is read for what it is. */
function ModelFacts({
  forecast,
  view,
}: {
  forecast: AnalyticsForecast & { model: NonNullable<AnalyticsForecast['model']> };
  view: AnalyticsView;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { backtest } = forecast;
  return (
    <>
      <dl className="mb-3 grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 px-4 py-2.5 dark:bg-slate-800/60">
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('analytics.forecast.model')}
          </dt>
          <dd
            className="mt-0.5 text-sm font-semibold text-slate-900 dark:text-white"
            data-testid="analytics-forecast-model"
          >
            {t(`analytics.forecast.models.${forecast.model}`)}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-4 py-2.5 dark:bg-slate-800/60">
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('analytics.forecast.backtest')}
          </dt>
          <dd
            className="mt-0.5 text-sm font-semibold text-slate-900 dark:text-white"
            data-testid="analytics-forecast-error"
          >
            {backtest
              ? t('analytics.forecast.backtestValue', {
                  mae: formatMetricValue(backtest.mae, view.metric, locale),
                  unit: formatUnit(forecast.unit, locale),
                  mape:
                    backtest.mape === null
                      ? t('analytics.forecast.mapeUnavailable')
                      : formatShare(backtest.mape / 100, locale, 1),
                })
              : t('analytics.forecast.noBacktest')}
          </dd>
        </div>
      </dl>
      {backtest ? (
        <p className="mb-4 text-xs text-slate-600 dark:text-slate-400">
          {t('analytics.forecast.backtestHow', { hours: backtest.hours })}
        </p>
      ) : null}
    </>
  );
}

/** The model's facts and the chart, or why there is no forecast yet. */
function ForecastFound({ forecast, view }: { forecast: AnalyticsForecast; view: AnalyticsView }) {
  const { t, i18n } = useTranslation();
  const { model } = forecast;
  const unit = formatUnit(forecast.unit, i18n.language);
  if (model === null) {
    return (
      <InlineAlert
        tone="info"
        title={t('analytics.forecast.notEnoughTitle')}
        testId="analytics-forecast-not-enough"
      >
        {t('analytics.forecast.notEnough', {
          have: forecast.historyHours,
          needed: FORECAST_MIN_HISTORY_H,
        })}
      </InlineAlert>
    );
  }
  return (
    <>
      <ModelFacts forecast={{ ...forecast, model }} view={view} />
      <ForecastChart
        forecast={{
          ...forecast,
          history: forecast.history.slice(-FORECAST_CHART_HISTORY_H),
        }}
        metric={view.metric}
        unit={unit}
        timeZone={view.timeZone}
        height={CHART_HEIGHT_PX}
        label={t('analytics.forecast.chartLabel', {
          metric: view.metricName,
          city: view.cityName,
          hours: forecast.forecast.length,
          unit,
        })}
      />
    </>
  );
}

/** The next 24 hours of the chosen metric, or why there is no forecast yet. */
export function ForecastSection({ view }: { view: AnalyticsView }) {
  const { t } = useTranslation();
  const query = useAnalyticsForecast(view);
  return (
    <SectionCard
      title={t('analytics.forecast.title', { hours: FORECAST_HORIZON_H })}
      description={
        query.data?.model === null
          ? undefined
          : t('analytics.forecast.intro', { days: FORECAST_CHART_HISTORY_H / 24 })
      }
      testId="analytics-forecast"
    >
      <QueryContent
        query={query}
        errorMessage={t('analytics.forecast.loadFailed')}
        errorTestId="analytics-forecast-failed"
      >
        {(forecast) => <ForecastFound forecast={forecast} view={view} />}
      </QueryContent>
    </SectionCard>
  );
}
