import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';
import { Spinner } from '../../components/spinner';

// recharts is large: the charts arrive in their own chunk while the figures and lists show at once.
const loadCharts = () => import('./analytics-charts');
const LazySeriesChart = lazy(() => loadCharts().then((m) => ({ default: m.SeriesChart })));
const LazyForecastChart = lazy(() => loadCharts().then((m) => ({ default: m.ForecastChart })));
const LazyCompareChart = lazy(() => loadCharts().then((m) => ({ default: m.CompareChart })));

function ChartFallback({ height }: { height: number }) {
  return (
    <div style={{ height }} className="flex items-center justify-center">
      <Spinner />
    </div>
  );
}

type SeriesChartProps = ComponentProps<typeof LazySeriesChart>;
type ForecastChartProps = ComponentProps<typeof LazyForecastChart>;
type CompareChartProps = ComponentProps<typeof LazyCompareChart>;

export function SeriesChart(props: SeriesChartProps) {
  return (
    <Suspense fallback={<ChartFallback height={288} />}>
      <LazySeriesChart {...props} />
    </Suspense>
  );
}

export function ForecastChart(props: ForecastChartProps) {
  return (
    <Suspense fallback={<ChartFallback height={256} />}>
      <LazyForecastChart {...props} />
    </Suspense>
  );
}

export function CompareChart(props: CompareChartProps) {
  return (
    <Suspense fallback={<ChartFallback height={256} />}>
      <LazyCompareChart {...props} />
    </Suspense>
  );
}
