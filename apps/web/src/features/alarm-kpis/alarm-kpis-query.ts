import { ALARM_KPI_ENDPOINTS } from '@smart-city/shared';
import type { AlarmKpiWindow, CityKey } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

/** The figures are taken again this often while the page is open. */
const REFRESH_MS = 60_000;

/** GET /api/alarm-kpis for a city and window. */
function alarmKpisQueryOptions(city: CityKey, window: AlarmKpiWindow) {
  return queryOptions({
    queryKey: ['alarm-kpis', city, window] as const,
    queryFn: ({ signal }) =>
      request(ALARM_KPI_ENDPOINTS.figures, { query: { city, window } }, { signal }),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAlarmKpis(city: CityKey, window: AlarmKpiWindow) {
  return useQuery(alarmKpisQueryOptions(city, window));
}
