import { incomingNoticeListResponseSchema } from '@smart-city/shared';
import type { Notice } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { retryPendingNotices } from './create-notice';
import { mergeFetchedList, type CachedNotice } from './notice-cache';
import {
  getNoticesState,
  NOTICES_PATH,
  setCachedNotices,
  setNoticesOffline,
  useNoticesState,
} from './notices-store';

/** The one cache key of the notice list. */
export const noticesQueryKey = ['notices'] as const;

/** GET /api/notices: every notice, newest first (snake_case fields of older servers mapped). */
export async function fetchNotices(signal?: AbortSignal): Promise<Notice[]> {
  return (await apiGet(NOTICES_PATH, incomingNoticeListResponseSchema, signal)).data;
}

/**
 * The spec's list fetch: sends what waits to be published, then replaces the cache with the
 * server's list (keeping notices still pending). Never throws: false when the server did not answer.
 */
export async function syncNoticeList(signal?: AbortSignal): Promise<boolean> {
  await retryPendingNotices();
  try {
    const fetched = await fetchNotices(signal);
    setCachedNotices(mergeFetchedList(getNoticesState().notices, fetched));
    setNoticesOffline(false);
    return true;
  } catch (error) {
    if (signal?.aborted) return false;
    console.warn('City notices could not be fetched; showing the saved ones', error);
    setNoticesOffline(true);
    return false;
  }
}

export const noticesQueryOptions = queryOptions({
  queryKey: noticesQueryKey,
  queryFn: ({ signal }) => syncNoticeList(signal),
});

export type NoticesView = {
  notices: readonly CachedNotice[];
  /** The first fetch is under way and nothing is cached yet. */
  isLoading: boolean;
  /** The last fetch got no answer: the list is what this device saved. */
  isOffline: boolean;
  /** Nothing cached and the server did not answer: there is nothing to show but an error. */
  isError: boolean;
  retry: () => void;
};

/** The cached notices, newest first, kept in step with the server. */
export function useNotices(): NoticesView {
  const query = useQuery(noticesQueryOptions);
  const { notices, offline } = useNoticesState();
  const empty = notices.length === 0;
  return {
    notices,
    isLoading: empty && query.isPending,
    isOffline: offline,
    isError: empty && query.data === false,
    retry: () => void query.refetch(),
  };
}
