import { SENSOR_TYPES } from '@smart-city/shared';
import type { AnalyticsWindow, CityKey, SensorType } from '@smart-city/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useCity } from '../../lib/city/city-context';
import { isCityKey } from '../../lib/city/city-storage';
import type { AnalyticsSelection } from '../../lib/analytics/query-key';

/** The windows the screen offers, from the last hour to a year of daily buckets. */
export const SCREEN_WINDOWS = [
  '1h',
  '24h',
  '7d',
  '30d',
  '1y',
] as const satisfies readonly AnalyticsWindow[];
export type ScreenWindow = (typeof SCREEN_WINDOWS)[number];

const DEFAULT_WINDOW: ScreenWindow = '24h';
const DEFAULT_METRIC: SensorType = 'traffic';

function isScreenWindow(value: unknown): value is ScreenWindow {
  return typeof value === 'string' && (SCREEN_WINDOWS as readonly string[]).includes(value);
}

function isSensorType(value: unknown): value is SensorType {
  return typeof value === 'string' && (SENSOR_TYPES as readonly string[]).includes(value);
}

/**
 * The screen's choices, kept in the URL (`?city=&metric=&window=`) so a view can be shared or
 * bookmarked. Without a city in the URL the header's city is used; choosing a city in the header
 * drops the URL's, so the screen follows the header again.
 */
export function useAnalyticsParams(): AnalyticsSelection & {
  window: ScreenWindow;
  change: (changes: Partial<{ city: CityKey; metric: SensorType; window: ScreenWindow }>) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const { cityKey: headerCity } = useCity();

  const cityParam = searchParams.get('city');
  const metricParam = searchParams.get('metric');
  const windowParam = searchParams.get('window');
  const city = isCityKey(cityParam) ? cityParam : headerCity;
  const metric = isSensorType(metricParam) ? metricParam : DEFAULT_METRIC;
  const window = isScreenWindow(windowParam) ? windowParam : DEFAULT_WINDOW;

  const change = useCallback(
    (changes: Partial<{ city: CityKey; metric: SensorType; window: ScreenWindow }>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) next.set(key, value);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const previousHeaderCity = useRef(headerCity);
  useEffect(() => {
    if (previousHeaderCity.current === headerCity) return;
    previousHeaderCity.current = headerCity;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('city');
        return next;
      },
      { replace: true },
    );
  }, [headerCity, setSearchParams]);

  return { city, metric, window, change };
}
