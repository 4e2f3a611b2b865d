import { isCityKey, REPORT_CATEGORIES, REPORT_STATUSES } from '@smart-city/shared';
import type { CityKey, ReportCategory, ReportStatus } from '@smart-city/shared';
import type { ReportListFilters } from './reports-query';

/** The tracker's filters as the address keeps them: `?city=…&status=…&category=…`. */
export interface TrackerFilters {
  city: CityKey | 'all';
  status: ReportStatus | 'all';
  category: ReportCategory | 'all';
}

export type TrackerFilterName = keyof TrackerFilters;

/** The choice a parameter of the address names, or undefined for a missing or unknown one. */
export function oneOf<T extends string>(
  choices: readonly T[],
  value: string | null,
): T | undefined {
  return choices.find((choice) => choice === value);
}

/**
 * Reads the filters from the address; unknown values fall back. Without a city the tracker shows
 * the reader's own (the one chosen on the landing page or in the header), every status and problem.
 */
export function trackerFiltersFrom(params: URLSearchParams, ownCity: CityKey): TrackerFilters {
  const city = params.get('city');
  return {
    city: city === 'all' ? 'all' : isCityKey(city) ? city : ownCity,
    status: oneOf(REPORT_STATUSES, params.get('status')) ?? 'all',
    category: oneOf(REPORT_CATEGORIES, params.get('category')) ?? 'all',
  };
}

/**
 * The address with one filter changed; other parameters stay. A city is always written (without
 * one the reader's own is meant), 'every status' and 'every problem' are the plain address.
 */
export function paramsWithFilter(
  params: URLSearchParams,
  name: TrackerFilterName,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === 'all' && name !== 'city') next.delete(name);
  else next.set(name, value);
  return next;
}

/** What the filters ask the server for. */
export function listFiltersOf(filters: TrackerFilters): ReportListFilters {
  return {
    city: filters.city === 'all' ? null : filters.city,
    status: filters.status === 'all' ? null : filters.status,
    category: filters.category === 'all' ? null : filters.category,
  };
}
