import type { CachedNotice } from './notice-cache';
import { useNotices } from './notices-query';

export type LatestNotice = {
  /** The newest notice (live ones included), or null when there is none. */
  notice: CachedNotice | null;
  /** The first fetch is under way and nothing is cached yet. */
  isLoading: boolean;
  /** The last notice call got no answer: the notice is what this device saved. */
  isOffline: boolean;
  /** Asks the server for the list again. */
  retry: () => void;
};

/**
 * The newest city notice, kept current by the list fetch and the live `notice:created` event. A
 * notice the server turned down is nobody's news: it is left out.
 */
export function useLatestNotice(): LatestNotice {
  const { notices, isLoading, isOffline, retry } = useNotices();
  const notice = notices.find((n) => n.refusedReason === undefined) ?? null;
  return { notice, isLoading, isOffline, retry };
}
