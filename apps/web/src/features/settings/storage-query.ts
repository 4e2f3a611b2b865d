import { readingsStorageSchema } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

/** GET: what the readings take on disk and how long each kind is kept (admins). */
const STORAGE_PATH = '/api/admin/storage';

const storageQueryOptions = queryOptions({
  queryKey: ['admin', 'storage'] as const,
  queryFn: ({ signal }) => apiGet(STORAGE_PATH, readingsStorageSchema, signal),
  // Sizes move slowly; a minute-old figure is as good as a new one.
  staleTime: 60_000,
});

export function useReadingsStorage() {
  return useQuery(storageQueryOptions);
}
