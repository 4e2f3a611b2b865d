import { lazyPart } from '../../components/lazy-part';
import { ChartLoading } from '../../components/charts/chart-loading';

/** Props of `AlarmRateChart`: the 10-minute buckets, oldest first, and the EEMUA lines. */
export interface AlarmRateChartProps {
  buckets: readonly { at: string; count: number }[];
  manageable: number;
  overDemanding: number;
  timeZone: string | undefined;
  height: number;
  texts: { label: string; value: string; manageable: string; overDemanding: string };
}

/** Alerts per 10 minutes as bars, with lines at EEMUA's "manageable" and "over-demanding" (lazy). */
export const AlarmRateChart = lazyPart<AlarmRateChartProps>({
  chunk: 'chart',
  load: () => import('./alarm-rate-chart-view').then((module) => module.AlarmRateChartView),
  loading: ({ height }) => <ChartLoading height={height} />,
});
