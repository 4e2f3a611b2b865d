import { CLIENT_CONFIG_ENDPOINTS } from '@smart-city/shared';
import type { ClientConfig } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api-client';

/** The map's tile source and whether e-mail is on, set by the server's configuration. */
function fetchClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return request(CLIENT_CONFIG_ENDPOINTS.get, {}, { signal });
}

export const clientConfigQueryOptions = queryOptions({
  queryKey: ['client-config'] as const,
  queryFn: ({ signal }) => fetchClientConfig(signal),
  // It changes only when the server restarts with another configuration.
  staleTime: Infinity,
});

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions);
}
