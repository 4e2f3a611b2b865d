import { ESCALATION_ENDPOINTS } from '@smart-city/shared';
import type {
  CityKey,
  EscalationPolicy,
  EscalationPolicyCreate,
  EscalationPolicyList,
  EscalationPolicyUpdate,
} from '@smart-city/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../lib/api-client';

const ESCALATION_KEY = ['escalation'] as const;
const POLICIES_KEY = [...ESCALATION_KEY, 'policies'] as const;

/** Every policy of a city, page after page (admin). */
async function fetchCityPolicies(city: CityKey, signal?: AbortSignal): Promise<EscalationPolicy[]> {
  const policies: EscalationPolicy[] = [];
  let cursor: string | null = null;
  do {
    const page: EscalationPolicyList = await request(
      ESCALATION_ENDPOINTS.list,
      { query: { city, limit: 200, ...(cursor ? { cursor } : {}) } },
      { signal },
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
 * The preview of a draft (null while the draft is incomplete): what
 * it would do to the city's alerts of today. The last preview stays on screen while the next loads.
 */
export function usePolicyPreview(draft: EscalationPolicyCreate | null) {
  return useQuery({
    queryKey: [...ESCALATION_KEY, 'preview', draft] as const,
    queryFn: () => request(ESCALATION_ENDPOINTS.preview, { body: draft! }),
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
      if (id === null) return request(ESCALATION_ENDPOINTS.create, { body: policy });
      const change: EscalationPolicyUpdate = policy;
      return request(ESCALATION_ENDPOINTS.update, { params: { id }, body: change });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ESCALATION_KEY }),
  });
}

/** Removes a policy; the city's list loads again. */
export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(ESCALATION_ENDPOINTS.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ESCALATION_KEY }),
  });
}
