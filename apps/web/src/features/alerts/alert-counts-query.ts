import { ALERT_ENDPOINTS } from '@smart-city/shared';
import type { AlertCounts, CityKey } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import type { AlertFilters, SeverityChoice, StatusChoice } from './alert-filters';
import { type AlertNarrowing } from './alert-narrowing';
import { ALERT_COUNTS_KEY } from './alerts-query';

export interface AlertCountsRequest extends AlertFilters {
  city: CityKey;
  /** The same narrowing filters as the list: the counts follow them. */
  narrowing?: AlertNarrowing;
}

/** GET /api/alerts/counts: per severity within the status filter, per status within the severity. */
function fetchAlertCounts(counts: AlertCountsRequest, signal?: AbortSignal) {
  return request(
    ALERT_ENDPOINTS.counts,
    {
      query: {
        city: counts.city,
        q: counts.q || undefined,
        assignee: counts.assignee === 'all' ? undefined : counts.assignee,
        status: counts.status === 'all' ? undefined : counts.status,
        severity: counts.severity === 'all' ? undefined : counts.severity,
        ...counts.narrowing,
      },
    },
    { signal },
  );
}

function alertCountsQueryOptions(request: AlertCountsRequest) {
  return queryOptions({
    queryKey: [...ALERT_COUNTS_KEY, request] as const,
    queryFn: ({ signal }) => fetchAlertCounts(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAlertCounts(request: AlertCountsRequest) {
  return useQuery(alertCountsQueryOptions(request));
}

/**
 * How many alerts a status choice lists, at the severity the counts were asked with. Open and
 * acknowledged leave the shelved alerts out, every status the suppressed ones; "all" counts them too.
 */
export function countForStatus(counts: AlertCounts, status: StatusChoice): number {
  const { byStatus, shelved, suppressed } = counts;
  if (status === 'active') return byStatus.open + byStatus.acknowledged;
  if (status === 'ended') return byStatus.resolved + byStatus.dismissed;
  if (status === 'shelved') return shelved;
  if (status === 'suppressed') return suppressed;
  if (status === 'announced') {
    return byStatus.open + byStatus.acknowledged + byStatus.resolved + byStatus.dismissed + shelved;
  }
  if (status === 'all') {
    return (
      byStatus.open +
      byStatus.acknowledged +
      byStatus.resolved +
      byStatus.dismissed +
      shelved +
      suppressed
    );
  }
  return byStatus[status];
}

/** How many alerts a severity choice lists, at the status the counts were asked with. */
export function countForSeverity(counts: AlertCounts, severity: SeverityChoice): number {
  const { bySeverity } = counts;
  if (severity === 'all') {
    return bySeverity.critical + bySeverity.high + bySeverity.warning + bySeverity.info;
  }
  return bySeverity[severity];
}
