import { incomingNoticeResponseSchema, NOTICE_ENDPOINTS } from '@smart-city/shared';
import type { Notice } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, request } from '../api-client';
import { isLocalNoticeId, upsertNotice, type CachedNotice } from './notice-cache';
import { cachedNotices, NOTICES_QUERY_KEY, updateNotices } from './notice-list-cache';
import { useNotices } from './notices-query';

/** GET /api/notices/:id; throws on any failure (404 included). */
async function fetchNotice(id: string, signal?: AbortSignal): Promise<Notice> {
  const answer = await request(
    NOTICE_ENDPOINTS.get,
    { params: { id } },
    { signal, check: incomingNoticeResponseSchema },
  );
  return answer.data;
}

/**
 * The single fetch, asked only for a notice this device has not saved: null when the server
 * has no such notice; a notice it has joins the saved list. No answer is an error (offline).
 */
export function noticeQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...NOTICES_QUERY_KEY, 'one', id] as const,
    queryFn: async ({ signal, client }): Promise<Notice | null> => {
      const saved = cachedNotices(client).find((notice) => notice.id === id);
      if (saved) return saved;
      if (isLocalNoticeId(id)) return null;
      try {
        const notice = await fetchNotice(id, signal);
        updateNotices(client, (notices) => upsertNotice(notices, notice));
        return notice;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export type NoticeView = {
  notice: CachedNotice | null;
  isLoading: boolean;
  /** Not saved here, and the server has no such notice. */
  isMissing: boolean;
  isOffline: boolean;
  /** When a local notice has been published since: the id it has now. */
  publishedId: string | undefined;
};

/** One notice: from the saved list when it is there (live updates included), else from the server. */
export function useNotice(id: string): NoticeView {
  const list = useNotices();
  const saved = list.notices.find((notice) => notice.id === id) ?? null;
  const published = list.notices.find((notice) => notice.localId === id);
  const query = useQuery({ ...noticeQueryOptions(id), enabled: saved === null && !published });
  const notice = saved ?? query.data ?? null;
  return {
    notice,
    isLoading: notice === null && !published && query.isPending && query.fetchStatus !== 'idle',
    isMissing: notice === null && query.isSuccess,
    isOffline: list.isOffline || query.isError,
    publishedId: published?.id,
  };
}
