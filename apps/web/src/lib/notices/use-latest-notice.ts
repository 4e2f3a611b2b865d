import { useQuery } from '@tanstack/react-query';
import type { CachedNotice } from './notice-cache';
import { noticesQueryOptions } from './notices-query';
import { useNoticesState } from './notices-store';

export type LatestNotice = {
  /** The newest notice (live ones included), or null when there is none. */
  notice: CachedNotice | null;
  /** The first fetch is under way and nothing is cached yet. */
  isLoading: boolean;
  /** The last notice call got no answer: the notice is what this device saved. */
  isOffline: boolean;
};

/** The newest city notice, kept current by the list fetch and the live `notice:created` event. */
export function useLatestNotice(): LatestNotice {
  const query = useQuery(noticesQueryOptions);
  const { notices, offline } = useNoticesState();
  const notice = notices[0] ?? null;
  return { notice, isLoading: notice === null && query.isPending, isOffline: offline };
}
