import type { AnalyticsWindow, CityKey, SensorType } from '@smart-city/shared';

/** Every analytics query key starts here, so one call can refresh the whole screen. */
export const ANALYTICS_QUERY_KEY = ['analytics'] as const;

/** What the series, anomalies and comparison are asked for. */
export interface AnalyticsSelection {
  city: CityKey;
  metric: SensorType;
  window: AnalyticsWindow;
}
