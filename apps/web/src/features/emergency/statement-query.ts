import { BILLING_ENDPOINTS } from '@smart-city/shared';
import type { Statement } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { STATEMENTS_KEY } from './emergency-keys';

/** GET /api/billing/statement?month=: the person's municipal account statement of a month. */
function fetchStatement(month: string, signal?: AbortSignal): Promise<Statement> {
  return request(BILLING_ENDPOINTS.statement, { query: { month } }, { signal });
}

function statementQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...STATEMENTS_KEY, month] as const,
    queryFn: ({ signal }) => fetchStatement(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStatement(month: string) {
  return useQuery(statementQueryOptions(month));
}

/** Any booking change may change a statement: those on screen load again. */
export function refreshStatements(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY });
}
