import { clientConfigSchema } from '@smart-city/shared';
import type { ClientConfig } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

const CLIENT_CONFIG_PATH = '/api/client-config';

/** GET /api/client-config: the map's tile source and whether e-mail is on, set by the server's configuration. */
function fetchClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return apiGet(CLIENT_CONFIG_PATH, clientConfigSchema, signal);
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
