import {
  contractFeedbackListSchema,
  contractFeedbackSchema,
  contractListSchema,
  contractSchema,
  type CreateContract,
  type UpdateContract,
} from '@smart-city/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet, apiPatch, apiPost } from '../../lib/api-client';

const CONTRACTS_QUERY_KEY = ['contracts'] as const;
const feedbackKey = (contractId: string) =>
  [...CONTRACTS_QUERY_KEY, contractId, 'feedback'] as const;

/** GET /api/contracts: every contract with its versions, most recently changed first. */
const contractsQueryOptions = queryOptions({
  queryKey: [...CONTRACTS_QUERY_KEY, 'list'] as const,
  queryFn: ({ signal }) => apiGet('/api/contracts', contractListSchema, signal),
});

export function useContracts() {
  return useQuery(contractsQueryOptions);
}

/** GET /api/contracts/:id/feedback: newest first. */
function contractFeedbackQueryOptions(contractId: string) {
  return queryOptions({
    queryKey: feedbackKey(contractId),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/contracts/${encodeURIComponent(contractId)}/feedback`,
        contractFeedbackListSchema,
        signal,
      ),
  });
}

export function useContractFeedback(contractId: string | null) {
  return useQuery({
    ...contractFeedbackQueryOptions(contractId ?? ''),
    enabled: contractId !== null,
  });
}

/** A contract or its feedback changed: the lists on screen load again. */
export function refreshContracts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: CONTRACTS_QUERY_KEY });
}

export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateContract) =>
      contractSchema.parse(await apiPost('/api/contracts', body)),
    onSuccess: () => refreshContracts(queryClient),
  });
}

export function useUpdateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateContract }) =>
      apiPatch(`/api/contracts/${encodeURIComponent(id)}`, change, contractSchema),
    onSuccess: () => refreshContracts(queryClient),
  });
}

export function useAddFeedback(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      contractFeedbackSchema.parse(
        await apiPost(`/api/contracts/${encodeURIComponent(contractId)}/feedback`, { body }),
      ),
    onSuccess: () => refreshContracts(queryClient),
  });
}
