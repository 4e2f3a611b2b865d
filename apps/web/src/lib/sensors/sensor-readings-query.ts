import { READING_ENDPOINTS } from '@smart-city/shared';
import type { ReadingHistory, ReadingWindow } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

/** How often an open history asks again: readings keep arriving while it is on screen. */
const HISTORY_REFRESH_MS = 30_000;

function sensorReadingsQueryKey(id: string, window: ReadingWindow) {
  return ['sensors', 'readings', id, window] as const;
}

/** GET /api/sensors/:id/readings?window=: newest first, raw or bucketed. */
function fetchSensorReadings(
  id: string,
  window: ReadingWindow,
  signal?: AbortSignal,
): Promise<ReadingHistory> {
  return request(READING_ENDPOINTS.history, { params: { id }, query: { window } }, { signal });
}

function sensorReadingsQueryOptions(id: string, window: ReadingWindow) {
  return queryOptions({
    queryKey: sensorReadingsQueryKey(id, window),
    queryFn: ({ signal }) => fetchSensorReadings(id, window, signal),
    staleTime: HISTORY_REFRESH_MS,
    refetchInterval: HISTORY_REFRESH_MS,
  });
}

export function useSensorReadings(id: string, window: ReadingWindow) {
  // The previous window stays drawn while the next one loads, so the panel does not jump.
  return useQuery({ ...sensorReadingsQueryOptions(id, window), placeholderData: keepPreviousData });
}
