import { READING_WINDOWS, type AnalyticsPoint, type ReadingWindow } from '@smart-city/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { ErrorBoundary } from '../../components/error-boundary';
import { QueryError } from '../../components/query-states';
import { ServiceIcon } from '../../components/icon';
import { SectionCard } from '../../components/section-card';
import { loadChunk } from '../../lib/chunk-load';
import { useCity } from '../../lib/city/city-context';
import { CardSkeleton, PartLoadFailed } from './card-states';
import { useCitySeries } from './series-query';
import { useFiguresSettled } from './use-figures-settled';

const TrafficTrendChart = lazy(() =>
  loadChunk('traffic-trend-chart', () => import('./traffic-trend-chart')).then((module) => ({
    default: module.TrafficTrendChart,
  })),
);

function isReadingWindow(window: string): window is ReadingWindow {
  return (READING_WINDOWS as readonly string[]).includes(window);
}

/** Buttons for 1h / 24h / 7d; the pressed one is the window shown. */
function WindowSwitch({
  value,
  onChange,
}: {
  value: ReadingWindow;
  onChange: (window: ReadingWindow) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('dashboard.trafficTrend.windowLabel')}
      className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700"
    >
      {READING_WINDOWS.map((window) => {
        const pressed = window === value;
        return (
          <button
            key={window}
            type="button"
            aria-pressed={pressed}
            aria-label={t(`dashboard.trafficTrend.windowNames.${window}`)}
            data-testid={`traffic-window-${window}`}
            onClick={() => onChange(window)}
            className={`rounded-md px-3 py-1 text-sm font-semibold ${focusRing} ${
              pressed
                ? 'bg-sky-700 text-white'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`}
          >
            {t(`dashboard.trafficTrend.windows.${window}`)}
          </button>
        );
      })}
    </div>
  );
}

function ChartLoadFailed() {
  const { t } = useTranslation();
  return <PartLoadFailed message={t('dashboard.trafficTrend.chartFailed')} />;
}

/** Latest, lowest and highest of the window in words: what the chart shows, readable without it. */
function SeriesSummary({
  points,
  window,
}: {
  points: readonly AnalyticsPoint[];
  window: ReadingWindow;
}) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const latest = points[points.length - 1]!.value;
  const min = Math.min(...points.map((point) => point.min));
  const max = Math.max(...points.map((point) => point.max));
  return (
    <p data-testid="traffic-summary" className="text-xs text-slate-600 dark:text-slate-400">
      {t('dashboard.trafficTrend.summary', {
        window: t(`dashboard.trafficTrend.windowNames.${window}`),
        latest: percent.format(latest),
        min: percent.format(min),
        max: percent.format(max),
      })}
    </p>
  );
}

/** The city's traffic congestion over the last hour, day or week. */
export function TrafficTrendCard() {
  const { t } = useTranslation();
  const { cityKey, city } = useCity();
  const [window, setWindow] = useState<ReadingWindow>('24h');
  // The series waits for the six figures: the server answers those first, and the chart's library
  // is only parsed once they are on screen.
  const figuresSettled = useFiguresSettled();
  const series = useCitySeries(cityKey, 'traffic', window, figuresSettled);

  // A failed background refetch keeps the last series on screen.
  const { data } = series;
  let content;
  if (data === undefined && series.isError) {
    content = (
      <QueryError
        testId="traffic-trend-error"
        message={t('dashboard.trafficTrend.loadFailed')}
        retrying={series.isFetching}
        onRetry={() => void series.refetch()}
      />
    );
  } else if (data === undefined || !figuresSettled) {
    content = <CardSkeleton lines={5} testId="traffic-trend-loading" />;
  } else if (data.points.length === 0) {
    content = (
      <EmptyState icon={<ServiceIcon type="traffic" />} title={t('dashboard.trafficTrend.empty')} />
    );
  } else {
    // While another window loads, the last one stays on screen, dimmed, and is described as itself.
    const shownWindow = isReadingWindow(data.window) ? data.window : window;
    content = (
      <div
        className={`space-y-2 transition-opacity ${series.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={series.isPlaceholderData}
      >
        <ErrorBoundary fallback={ChartLoadFailed}>
          <Suspense fallback={<CardSkeleton lines={5} />}>
            <TrafficTrendChart
              points={data.points}
              window={data.window}
              timeZone={city?.timeZone}
            />
          </Suspense>
        </ErrorBoundary>
        <SeriesSummary points={data.points} window={shownWindow} />
      </div>
    );
  }

  return (
    <SectionCard
      title={t('dashboard.trafficTrend.title')}
      description={t('dashboard.trafficTrend.description')}
      actions={<WindowSwitch value={window} onChange={setWindow} />}
      testId="traffic-trend"
    >
      {content}
    </SectionCard>
  );
}
