import { incomingNoticeResponseSchema } from '@smart-city/shared';
import type { Notice } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, ApiRequestError } from '../api-client';
import { isLocalNoticeId, type CachedNotice } from './notice-cache';
import { noticesQueryKey } from './notices-query';
import {
  findCachedNotice,
  publishedIdOf,
  receiveNotice,
  setNoticesOffline,
  useNoticesState,
} from './notices-store';

/** GET /api/notices/:id; throws on any failure (404 included). */
export async function fetchNotice(id: string, signal?: AbortSignal): Promise<Notice> {
  const path = `/api/notices/${encodeURIComponent(id)}`;
  return (await apiGet(path, incomingNoticeResponseSchema, signal)).data;
}

/**
 * The spec's single fetch: the local cache first, the server only for a notice not cached.
 * Never throws: null when there is no such notice or the server did not answer.
 */
export async function loadNotice(id: string, signal?: AbortSignal): Promise<Notice | null> {
  const cached = findCachedNotice(id);
  if (cached) return cached;
  if (isLocalNoticeId(id)) return null;
  try {
    const notice = await fetchNotice(id, signal);
    receiveNotice(notice);
    setNoticesOffline(false);
    return notice;
  } catch (error) {
    const notFound = error instanceof ApiRequestError && error.status === 404;
    if (!notFound && !signal?.aborted) {
      console.warn(`City notice ${id} could not be fetched`, error);
      setNoticesOffline(true);
    }
    if (notFound) setNoticesOffline(false);
    return null;
  }
}

export function noticeQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...noticesQueryKey, id] as const,
    queryFn: ({ signal }) => loadNotice(id, signal),
  });
}

export type NoticeView = {
  notice: CachedNotice | null;
  isLoading: boolean;
  /** Not cached, and the server has no such notice or did not answer. */
  isMissing: boolean;
  isOffline: boolean;
  /** When a local notice has been published since: the id it has now. */
  publishedId: string | undefined;
};

/** One notice: from the cache when it is there (live updates included), else from the server. */
export function useNotice(id: string): NoticeView {
  const { notices, offline } = useNoticesState();
  const cached = notices.find((notice) => notice.id === id) ?? null;
  const query = useQuery({ ...noticeQueryOptions(id), enabled: cached === null });
  const notice = cached ?? query.data ?? null;
  return {
    notice,
    isLoading: notice === null && query.isPending,
    isMissing: notice === null && query.isSuccess,
    isOffline: offline,
    publishedId: publishedIdOf(id),
  };
}
