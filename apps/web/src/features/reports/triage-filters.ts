import { REPORT_CATEGORIES, REPORT_DEPARTMENTS, REPORT_STATUSES } from '@smart-city/shared';
import type { ReportCategory, ReportDepartment, ReportStatus } from '@smart-city/shared';
import { oneOf } from './report-filters';

/**
 * The queue's filters as the address keeps them: `?status=…&category=…&department=…&overdue=true`.
 * `active` is every report still open (open, acknowledged, in progress), as the server reads it.
 */
export interface TriageFilters {
  status: 'active' | ReportStatus;
  category: ReportCategory | 'all';
  department: ReportDepartment | 'all';
  overdue: boolean;
}

export type TriageFilterName = keyof TriageFilters;

/** The parameter naming the report open in the side panel: `?report=42`. */
export const REPORT_PARAM = 'report';

/** What a filter is when the address does not name it. */
const DEFAULT_TRIAGE_FILTERS: TriageFilters = {
  status: 'active',
  category: 'all',
  department: 'all',
  overdue: false,
};

/** Reads the filters from the address; a missing or unknown value is the default. */
export function triageFiltersFrom(params: URLSearchParams): TriageFilters {
  return {
    status: oneOf(REPORT_STATUSES, params.get('status')) ?? 'active',
    category: oneOf(REPORT_CATEGORIES, params.get('category')) ?? 'all',
    department: oneOf(REPORT_DEPARTMENTS, params.get('department')) ?? 'all',
    overdue: params.get('overdue') === 'true',
  };
}

/** Whether any filter narrows the queue beyond the reports that need attention. */
export function isFiltered(filters: TriageFilters): boolean {
  return (Object.keys(DEFAULT_TRIAGE_FILTERS) as TriageFilterName[]).some(
    (name) => filters[name] !== DEFAULT_TRIAGE_FILTERS[name],
  );
}

/**
 * The address with one filter changed; the open report and anything else stay. A default is left
 * out, so the plain address is the queue of what needs attention.
 */
export function paramsWithTriageFilter<N extends TriageFilterName>(
  params: URLSearchParams,
  name: N,
  value: TriageFilters[N],
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === DEFAULT_TRIAGE_FILTERS[name]) next.delete(name);
  else next.set(name, String(value));
  return next;
}

/** The address without any filter: the reports that need attention, the open report kept. */
export function paramsWithoutTriageFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.keys(DEFAULT_TRIAGE_FILTERS)) next.delete(name);
  return next;
}

/** The address with another report open in the side panel, or none. */
export function paramsWithReport(params: URLSearchParams, id: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === null) next.delete(REPORT_PARAM);
  else next.set(REPORT_PARAM, id);
  return next;
}
