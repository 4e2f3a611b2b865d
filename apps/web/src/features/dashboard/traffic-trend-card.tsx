import { READING_WINDOWS, type ReadingWindow, type WindowSummary } from '@smart-city/shared';
import { useState } from 'react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartLoading } from '../../components/charts/chart-loading';
import { CHART_HEIGHT_PX } from '../../components/charts/chart-theme';
import { WindowSwitch } from '../../components/charts/window-switch';
import { EmptyState } from '../../components/empty-state';
import { QueryError } from '../../components/query-states';
import { ServiceIcon } from '../../components/service-icon';
import { lazyPart } from '../../components/lazy-part';
import { SectionCard } from '../../components/section-card';
import { useCity } from '../../lib/city/city-context';
import { formatMetricValue } from '../../lib/format/metric-value';
import { CardSkeleton } from './card-states';
import { useCitySeries } from './city-series-query';
import type { TrafficTrendChartView } from './traffic-trend-chart';
import { useFiguresSettled } from './use-figures-settled';

// recharts is the heaviest part of the dashboard: it arrives after the figures, as its own chunk.
const TrafficTrendChart = lazyPart<ComponentProps<typeof TrafficTrendChartView>>({
  chunk: 'chart',
  load: () => import('./traffic-trend-chart').then((module) => module.TrafficTrendChartView),
  loading: ({ height }) => <ChartLoading height={height} />,
});

function isReadingWindow(window: string): window is ReadingWindow {
  return (READING_WINDOWS as readonly string[]).includes(window);
}

/**
 * Latest, lowest and highest of the window in words, as the server states them for every screen
 * (the analytics page shows the same three for the same window): readable without the chart.
 */
function SeriesSummary({ summary, window }: { summary: WindowSummary; window: ReadingWindow }) {
  const { t, i18n } = useTranslation();
  const { latest, min, max } = summary;
  if (latest === null || min === null || max === null) return null;
  const percent = (value: number) => formatMetricValue(value, 'traffic', i18n.language);
  return (
    <p data-testid="traffic-summary" className="text-xs text-slate-600 dark:text-slate-400">
      {t('dashboard.trafficTrend.summary', {
        window: t(`windows.long.${window}`),
        latest: percent(latest),
        min: percent(min),
        max: percent(max),
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
        <TrafficTrendChart
          points={data.points}
          unit={data.unit}
          timeZone={city?.timeZone}
          height={CHART_HEIGHT_PX}
          label={t('dashboard.trafficTrend.chartLabel', {
            window: t(`windows.long.${shownWindow}`),
          })}
        />
        <SeriesSummary summary={data.summary} window={shownWindow} />
      </div>
    );
  }

  return (
    <SectionCard
      title={t('dashboard.trafficTrend.title')}
      description={t('dashboard.trafficTrend.description')}
      actions={
        <WindowSwitch
          windows={READING_WINDOWS}
          value={window}
          onChange={setWindow}
          label={t('dashboard.trafficTrend.windowLabel')}
          optionTestIdPrefix="traffic-window"
        />
      }
      testId="traffic-trend"
    >
      {content}
    </SectionCard>
  );
}
