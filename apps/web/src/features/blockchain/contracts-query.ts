import { CONTRACT_ENDPOINTS, type CreateContract, type UpdateContract } from '@smart-city/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

const CONTRACTS_QUERY_KEY = ['contracts'] as const;
const feedbackKey = (contractId: string) =>
  [...CONTRACTS_QUERY_KEY, contractId, 'feedback'] as const;

/** Every contract with its versions, most recently changed first. */
const contractsQueryOptions = queryOptions({
  queryKey: [...CONTRACTS_QUERY_KEY, 'list'] as const,
  queryFn: ({ signal }) => request(CONTRACT_ENDPOINTS.list, {}, { signal }),
});

export function useContracts() {
  return useQuery(contractsQueryOptions);
}

/** A contract's feedback, newest first. */
function contractFeedbackQueryOptions(contractId: string) {
  return queryOptions({
    queryKey: feedbackKey(contractId),
    queryFn: ({ signal }) =>
      request(CONTRACT_ENDPOINTS.feedback, { params: { id: contractId } }, { signal }),
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
    mutationFn: (body: CreateContract) => request(CONTRACT_ENDPOINTS.create, { body }),
    onSuccess: () => refreshContracts(queryClient),
  });
}

export function useUpdateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateContract }) =>
      request(CONTRACT_ENDPOINTS.update, { params: { id }, body: change }),
    onSuccess: () => refreshContracts(queryClient),
  });
}

export function useAddFeedback(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      request(CONTRACT_ENDPOINTS.addFeedback, { params: { id: contractId }, body: { body } }),
    onSuccess: () => refreshContracts(queryClient),
  });
}
