import { ALERT_SEVERITIES, ALERT_STATUS_FILTERS } from '@smart-city/shared';
import type { AlertSeverity, AlertStatusFilter } from '@smart-city/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { narrowingFromParams, paramsWithoutNarrowing } from './alert-narrowing';

/** The status choices of the screen: 'all' adds "every status" to the shared filters. */
export type StatusChoice = AlertStatusFilter | 'all';
export type SeverityChoice = AlertSeverity | 'all';

const STATUS_CHOICES: readonly StatusChoice[] = [...ALERT_STATUS_FILTERS, 'all'];

/**
 * The status chips operators and admins see: every step of the workflow, the shelved alerts and
 * those raised during a maintenance window.
 */
export const WORKFLOW_STATUS_CHOICES: readonly StatusChoice[] = [
  'active',
  'open',
  'acknowledged',
  'shelved',
  'suppressed',
  'resolved',
  'dismissed',
  'all',
];

/** The status chips residents see: whether an alert still holds, not who handled it. */
export const RESIDENT_STATUS_CHOICES: readonly StatusChoice[] = ['active', 'ended', 'all'];
export const SEVERITY_CHOICES: readonly SeverityChoice[] = ['all', ...ALERT_SEVERITIES];

/** Whose alerts: anyone's, the signed-in person's, or nobody's yet (operators and admins). */
export const ASSIGNEE_CHOICES = ['all', 'me', 'unassigned'] as const;
type AssigneeChoice = (typeof ASSIGNEE_CHOICES)[number];

/** What the screen shows: the filters and search, as the address keeps them. */
export interface AlertFilters {
  status: StatusChoice;
  severity: SeverityChoice;
  /** The search text, trimmed; '' for none. */
  q: string;
  assignee: AssigneeChoice;
}

/** By default the screen lists the active alerts (open and acknowledged) of every severity. */
export const DEFAULT_FILTERS: AlertFilters = {
  status: 'active',
  severity: 'all',
  q: '',
  assignee: 'all',
};

/** The `?alert=<id>` the notifications menu links to. */
const FOCUS_PARAM = 'alert';

function oneOf<T extends string>(choices: readonly T[], value: string | null, fallback: T): T {
  return choices.find((choice) => choice === value) ?? fallback;
}

/** Reads the filters from a query string; unknown values fall back to the defaults. */
export function filtersFromParams(params: URLSearchParams): AlertFilters {
  return {
    status: oneOf(STATUS_CHOICES, params.get('status'), DEFAULT_FILTERS.status),
    severity: oneOf(SEVERITY_CHOICES, params.get('severity'), DEFAULT_FILTERS.severity),
    q: (params.get('q') ?? '').trim(),
    assignee: oneOf(ASSIGNEE_CHOICES, params.get('assignee'), DEFAULT_FILTERS.assignee),
  };
}

/**
 * Writes filters into a query string, leaving out defaults so the plain address means the default
 * view; other parameters (such as the focused alert) stay as they are.
 */
export function paramsWithFilters(params: URLSearchParams, filters: AlertFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const entries = [
    ['status', filters.status, DEFAULT_FILTERS.status],
    ['severity', filters.severity, DEFAULT_FILTERS.severity],
    ['q', filters.q.trim(), DEFAULT_FILTERS.q],
    ['assignee', filters.assignee, DEFAULT_FILTERS.assignee],
  ] as const;
  for (const [key, value, fallback] of entries) {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export function isDefaultFilters(filters: AlertFilters): boolean {
  return (
    filters.status === DEFAULT_FILTERS.status &&
    filters.severity === DEFAULT_FILTERS.severity &&
    filters.q === DEFAULT_FILTERS.q &&
    filters.assignee === DEFAULT_FILTERS.assignee
  );
}

/**
 * The filters in the address, and a setter that replaces the history entry (no back-button trail);
 * with the narrowing filters a link set (see alert-narrowing.ts) and a way to clear them.
 */
export function useAlertFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const narrowing = useMemo(() => narrowingFromParams(params), [params]);
  const focusId = params.get(FOCUS_PARAM);

  const clearNarrowing = useCallback(() => {
    setParams((current) => paramsWithoutNarrowing(current), { replace: true });
  }, [setParams]);

  /** Changes some filters; `withoutNarrowing` clears the narrowing ones in the same step. */
  const setFilters = useCallback(
    (change: Partial<AlertFilters>, options: { withoutNarrowing?: boolean } = {}) => {
      setParams(
        (current) => {
          const base = options.withoutNarrowing ? paramsWithoutNarrowing(current) : current;
          return paramsWithFilters(base, { ...filtersFromParams(current), ...change });
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { filters, setFilters, focusId, narrowing, clearNarrowing };
}
