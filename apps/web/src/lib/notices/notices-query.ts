import { incomingNoticeListResponseSchema, NOTICE_ENDPOINTS } from '@smart-city/shared';
import type { Notice } from '@smart-city/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { request } from '../api-client';
import { NOTICES_STORAGE_KEY } from '../storage-keys';
import { mergeFetchedList, type CachedNotice } from './notice-cache';
import {
  cachedNotices,
  isRefusal,
  mirrorNoticesToStorage,
  NOTICE_LIST_QUERY_KEY,
  readStoredNotices,
} from './notice-list-cache';

/** GET /api/notices: every notice, newest first (snake_case fields of older servers mapped). */
async function fetchNotices(signal?: AbortSignal): Promise<Notice[]> {
  const answer = await request(
    NOTICE_ENDPOINTS.list,
    {},
    { signal, check: incomingNoticeListResponseSchema },
  );
  return answer.data;
}

/**
 * The list fetch replaces the saved list with the server's (keeping the notices that exist on this
 * device only). A failure keeps what is saved and shows as offline.
 */
export const noticesQueryOptions = queryOptions({
  queryKey: NOTICE_LIST_QUERY_KEY,
  queryFn: async ({ signal, client }) => {
    mirrorNoticesToStorage(client);
    const fetched = await fetchNotices(signal);
    return mergeFetchedList(cachedNotices(client), fetched);
  },
  // What this device saved shows at once and counts as stale, so the server is still asked.
  initialData: () => {
    const stored = readStoredNotices();
    return stored.length > 0 ? stored : undefined;
  },
  initialDataUpdatedAt: 0,
});

export type NoticesView = {
  notices: readonly CachedNotice[];
  /** The first fetch is under way and nothing is saved yet. */
  isLoading: boolean;
  /** The last call got no answer, or a notice waits to be published: the list is this device's. */
  isOffline: boolean;
  /** Nothing saved and the server did not answer: there is nothing to show but an error. */
  isError: boolean;
  retry: () => void;
};

/** Another tab changed the saved notices: this one shows the same. */
function useNoticesFromOtherTabs(queryClient: QueryClient): void {
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== NOTICES_STORAGE_KEY && event.key !== null) return;
      queryClient.setQueryData(NOTICE_LIST_QUERY_KEY, readStoredNotices());
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}

/** The notices, newest first, kept in step with the server, the live events and other tabs. */
export function useNotices(): NoticesView {
  const queryClient = useQueryClient();
  const query = useQuery(noticesQueryOptions);
  useNoticesFromOtherTabs(queryClient);
  const notices = query.data ?? [];
  const empty = notices.length === 0;
  const unanswered = query.isError && !isRefusal(query.error);
  return {
    notices,
    isLoading: empty && query.isPending,
    isOffline: unanswered || notices.some((notice) => notice.pending),
    isError: empty && query.isError,
    retry: () => void query.refetch(),
  };
}
