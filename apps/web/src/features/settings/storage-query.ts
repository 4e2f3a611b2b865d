import { READING_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

/** What the readings take on disk and how long each kind is kept (admins). */
const storageQueryOptions = queryOptions({
  queryKey: ['admin', 'storage'] as const,
  queryFn: ({ signal }) => request(READING_ENDPOINTS.storage, {}, { signal }),
  // Sizes move slowly; a minute-old figure is as good as a new one.
  staleTime: 60_000,
});

export function useReadingsStorage() {
  return useQuery(storageQueryOptions);
}
