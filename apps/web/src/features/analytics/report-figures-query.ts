import { REPORT_ANALYTICS_ENDPOINTS } from '@smart-city/shared';
import type { AreaKey, CityKey, ReportFigureDays } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { ANALYTICS_QUERY_KEY } from '../../lib/analytics/query-key';

/** What the report figures are asked for: a city, optionally one of its areas, and the days back. */
interface ReportFiguresSelection {
  city: CityKey;
  area: AreaKey | undefined;
  days: ReportFigureDays;
}

/** How a city's (or an area's) citizens' reports were handled over the window, per category. */
function reportFiguresQueryOptions({ city, area, days }: ReportFiguresSelection) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'reports', city, area ?? null, days],
    queryFn: ({ signal }) =>
      request(REPORT_ANALYTICS_ENDPOINTS.figures, { query: { city, area, days } }, { signal }),
  });
}

export function useReportFigures(selection: ReportFiguresSelection) {
  return useQuery(reportFiguresQueryOptions(selection));
}
