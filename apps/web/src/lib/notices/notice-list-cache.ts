import { hashKey } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api-client';
import { NOTICES_STORAGE_KEY, readStorage, writeStorage } from '../storage-keys';
import { parseNoticeCache, type CachedNotice } from './notice-cache';

/** The root of every notice query: the list and the single notices. */
export const NOTICES_QUERY_KEY = ['notices'] as const;

/** The one cache key of the notice list (this device's copy, pending notices included). */
export const NOTICE_LIST_QUERY_KEY = [...NOTICES_QUERY_KEY, 'list'] as const;

/**
 * Whether the server answered and turned the request down (a 4xx other than time-out or rate
 * limit): trying again later would be turned down the same way. Anything else (no answer, a
 * server fault) may pass later.
 */
export function isRefusal(error: unknown): error is ApiRequestError {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** The notices this device saved (localStorage), newest first. */
export function readStoredNotices(): CachedNotice[] {
  return parseNoticeCache(readStorage(NOTICES_STORAGE_KEY));
}

/** The cached notice list, newest first; empty before anything was fetched or saved. */
export function cachedNotices(queryClient: QueryClient): CachedNotice[] {
  return queryClient.getQueryData<CachedNotice[]>(NOTICE_LIST_QUERY_KEY) ?? [];
}

const LIST_HASH = hashKey(NOTICE_LIST_QUERY_KEY);
const mirrored = new WeakSet<QueryClient>();

/**
 * Keeps localStorage a copy of the cached list, whatever wrote it (a fetch, a live event, a new
 * notice), so the notices are there on the next visit, offline, and in the other tabs.
 */
export function mirrorNoticesToStorage(queryClient: QueryClient): void {
  if (mirrored.has(queryClient)) return;
  mirrored.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== LIST_HASH) return;
    writeStorage(NOTICES_STORAGE_KEY, JSON.stringify(event.query.state.data ?? []));
  });
}

/** Changes the cached notice list (and so the saved copy). */
export function updateNotices(
  queryClient: QueryClient,
  change: (notices: CachedNotice[]) => CachedNotice[],
): CachedNotice[] {
  mirrorNoticesToStorage(queryClient);
  const next = change(cachedNotices(queryClient));
  queryClient.setQueryData<CachedNotice[]>(NOTICE_LIST_QUERY_KEY, next);
  return next;
}
