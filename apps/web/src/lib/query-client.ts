import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_COUNT, QUERY_STALE_TIME_MS } from './constants';

/** The app's query cache (its defaults are explained beside the constants). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: QUERY_RETRY_COUNT,
        refetchOnWindowFocus: false,
      },
    },
  });
}
