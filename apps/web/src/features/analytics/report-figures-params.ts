import { CITY_AREAS, DEFAULT_REPORT_FIGURE_DAYS, REPORT_FIGURE_DAYS } from '@smart-city/shared';
import type { AreaKey, CityKey, ReportFigureDays } from '@smart-city/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const AREA_PARAM = 'reportsArea';
const DAYS_PARAM = 'reportsDays';

/**
 * The report figures' own choices, kept in the URL beside the screen's (`?reportsArea=&reportsDays=`)
 * so the view can be shared. An area of another city than the screen's reads as the whole city,
 * so choosing another city never asks for an area it does not have.
 */
export function useReportFiguresParams(city: CityKey): {
  area: AreaKey | undefined;
  days: ReportFigureDays;
  change: (changes: { area?: AreaKey | null; days?: ReportFigureDays }) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const areaParam = searchParams.get(AREA_PARAM);
  const daysParam = Number(searchParams.get(DAYS_PARAM));
  const area = CITY_AREAS[city].find((candidate) => candidate.key === areaParam)?.key;
  const days =
    REPORT_FIGURE_DAYS.find((option) => option === daysParam) ?? DEFAULT_REPORT_FIGURE_DAYS;

  const change = useCallback(
    (changes: { area?: AreaKey | null; days?: ReportFigureDays }) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.area === null) next.delete(AREA_PARAM);
          else if (changes.area !== undefined) next.set(AREA_PARAM, changes.area);
          if (changes.days !== undefined) next.set(DAYS_PARAM, String(changes.days));
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { area, days, change };
}
