import type { ComponentProps } from 'react';
import { ChartLoading } from '../../components/charts/chart-loading';
import { lazyPart } from '../../components/lazy-part';
import type { CompareChartView, ForecastChartView, SeriesChartView } from './analytics-charts';

// recharts is large: the charts arrive in their own chunk while the figures and lists show at once.
const loadCharts = () => import('./analytics-charts');

export const SeriesChart = lazyPart<ComponentProps<typeof SeriesChartView>>({
  chunk: 'chart',
  load: () => loadCharts().then((module) => module.SeriesChartView),
  loading: ({ height }) => <ChartLoading height={height} />,
});

export const ForecastChart = lazyPart<ComponentProps<typeof ForecastChartView>>({
  chunk: 'chart',
  load: () => loadCharts().then((module) => module.ForecastChartView),
  loading: ({ height }) => <ChartLoading height={height} />,
});

export const CompareChart = lazyPart<ComponentProps<typeof CompareChartView>>({
  chunk: 'chart',
  load: () => loadCharts().then((module) => module.CompareChartView),
  loading: ({ height }) => <ChartLoading height={height} />,
});
