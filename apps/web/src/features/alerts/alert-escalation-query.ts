import { ESCALATION_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERTS_QUERY_KEY } from '../../lib/alerts/recent-alerts-query';
import { request } from '../../lib/api-client';

/**
 * Under the alerts' root, so whatever refreshes an alert's lists after a live change (an
 * acknowledgement stops escalation, a step fires) refreshes its outlook too.
 */
function alertEscalationQueryKey(id: string) {
  return [...ALERTS_QUERY_KEY, 'escalation', id] as const;
}

/** The step that fires next for an alert, and when (operators and admins). */
export function useAlertEscalation(id: string, enabled: boolean, version: string) {
  return useQuery(
    queryOptions({
      // The alert's last change is part of the key: a step firing or an acknowledgement changes
      // the alert, and with it what comes next.
      queryKey: [...alertEscalationQueryKey(id), version] as const,
      queryFn: ({ signal }) =>
        request(ESCALATION_ENDPOINTS.outlook, { params: { id } }, { signal }),
      enabled,
    }),
  );
}
