import {
  escalationPolicyListSchema,
  escalationPolicySchema,
  escalationPreviewSchema,
} from '@smart-city/shared';
import type {
  CityKey,
  EscalationPolicy,
  EscalationPolicyCreate,
  EscalationPolicyUpdate,
} from '@smart-city/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

const ESCALATION_KEY = ['escalation'] as const;
const POLICIES_KEY = [...ESCALATION_KEY, 'policies'] as const;

/** GET /api/escalation-policies?city=: every policy of a city, page after page (admin). */
async function fetchCityPolicies(city: CityKey, signal?: AbortSignal): Promise<EscalationPolicy[]> {
  const policies: EscalationPolicy[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ city, limit: '200' });
    if (cursor) params.set('cursor', cursor);
    const page = await apiGet(
      `/api/escalation-policies?${params.toString()}`,
      escalationPolicyListSchema,
      signal,
    );
    policies.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return policies;
}

function cityPoliciesQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: [...POLICIES_KEY, city] as const,
    queryFn: ({ signal }) => fetchCityPolicies(city, signal),
  });
}

export function useCityPolicies(city: CityKey) {
  return useQuery(cityPoliciesQueryOptions(city));
}

/**
 * POST /api/escalation-policies/preview for a draft (null while the draft is incomplete): what
 * it would do to the city's alerts of today. The last preview stays on screen while the next loads.
 */
export function usePolicyPreview(draft: EscalationPolicyCreate | null) {
  return useQuery({
    queryKey: [...ESCALATION_KEY, 'preview', draft] as const,
    queryFn: async () =>
      escalationPreviewSchema.parse(await apiPost('/api/escalation-policies/preview', draft)),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    // Today's alerts move on: a preview is worked out again when asked again.
    staleTime: 0,
  });
}

/** Saves a policy: POST a new one, or PATCH the one with `id`; the city's list loads again. */
export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      policy,
    }: {
      id: string | null;
      policy: EscalationPolicyCreate;
    }): Promise<EscalationPolicy> => {
      if (id === null) {
        return escalationPolicySchema.parse(await apiPost('/api/escalation-policies', policy));
      }
      const change: EscalationPolicyUpdate = policy;
      return apiPatch(
        `/api/escalation-policies/${encodeURIComponent(id)}`,
        change,
        escalationPolicySchema,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ESCALATION_KEY }),
  });
}

/** DELETE /api/escalation-policies/:id. */
export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/escalation-policies/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ESCALATION_KEY }),
  });
}
