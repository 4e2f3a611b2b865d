import { isOpenReport, REPORT_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, ReportCategory } from '@smart-city/shared';
import { skipToken, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { REPORTS_QUERY_KEY } from './report-query';

/** Where a new report would go, once its category and place are chosen. */
export interface NearbyQuestion {
  city: CityKey;
  category: ReportCategory;
  lat: number;
  lng: number;
}

/**
 * The open reports of the same category near a place, nearest first: the possible duplicates a
 * person sees before sending their own. Nothing is asked until the question is complete.
 */
export function useNearbyReports(question: NearbyQuestion | null) {
  return useQuery({
    queryKey: [...REPORTS_QUERY_KEY, 'nearby', question] as const,
    queryFn: question
      ? ({ signal }) => request(REPORT_ENDPOINTS.nearby, { query: question }, { signal })
      : skipToken,
    // The server lists open ones; one that ended a moment ago is no place for a voice.
    select: (answer) => answer.items.filter(isOpenReport),
  });
}
