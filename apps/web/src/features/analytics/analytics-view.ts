import { METRIC_UNITS } from '@smart-city/shared';
import type { CityKey, SensorType } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { useCity } from '../../lib/city/city-context';
import { useAnalyticsParams } from './analytics-params';
import type { ScreenWindow } from './analytics-params';

/** The chosen view with the words and zone every section needs to describe it. */
export interface AnalyticsView {
  city: CityKey;
  metric: SensorType;
  window: ScreenWindow;
  cityName: string;
  /** The city's own time zone; undefined (the reader's) until the city list has arrived. */
  timeZone: string | undefined;
  metricName: string;
  unit: string;
  /** 'the last 24 hours' and so on, to use inside a sentence. */
  windowName: string;
}

export function useAnalyticsView() {
  const { t } = useTranslation();
  const { cities } = useCity();
  const params = useAnalyticsParams();
  const cityRecord = cities.find((candidate) => candidate.key === params.city);
  const view: AnalyticsView = {
    city: params.city,
    metric: params.metric,
    window: params.window,
    cityName: cityRecord?.name ?? params.city,
    timeZone: cityRecord?.timeZone,
    metricName: t(`sensorTypes.${params.metric}`),
    unit: METRIC_UNITS[params.metric],
    windowName: t(`analytics.windowNames.${params.window}`),
  };
  return { view, change: params.change };
}
