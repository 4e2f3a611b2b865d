import { REPORT_ENDPOINTS } from '@smart-city/shared';
import type { CityKey } from '@smart-city/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { REPORTS_QUERY_KEY } from './report-query';

/** A city's admins change a deadline rarely: an hour-old copy is good enough to tell a resident. */
const CATEGORY_SETTINGS_STALE_MS = 60 * 60_000;

/** Each category's department and deadline in a city. */
export function useReportCategories(city: CityKey) {
  return useQuery({
    queryKey: [...REPORTS_QUERY_KEY, 'categories', city] as const,
    queryFn: ({ signal }) => request(REPORT_ENDPOINTS.categories, { query: { city } }, { signal }),
    staleTime: CATEGORY_SETTINGS_STALE_MS,
  });
}
