import { incomingNoticeSchema } from '@smart-city/shared';
import type { Notice } from '@smart-city/shared';

/**
 * A notice as this device holds it: the server's, or a local copy that is `pending` (waiting for
 * the server to answer) or was turned down (`refusedReason`: not published; kept, with the
 * server's reason, to be edited, sent again or deleted). `localId` is on the server's copy of a
 * notice first saved here, so a screen open on the local id can follow it.
 */
export type CachedNotice = Notice & { pending?: true; refusedReason?: string; localId?: string };

/** Whether a notice exists on this device only: waiting to be published, or turned down. */
export function isLocalOnly(notice: CachedNotice): boolean {
  return notice.pending === true || notice.refusedReason !== undefined;
}

/** Ids of notices made on this device before the server gave them one. */
export const LOCAL_NOTICE_ID_PREFIX = 'local-';

export function isLocalNoticeId(id: string): boolean {
  return id.startsWith(LOCAL_NOTICE_ID_PREFIX);
}

/** Newest first, as readers expect news; equal times keep a stable order by id. */
function sortNewestFirst(notices: readonly CachedNotice[]): CachedNotice[] {
  return [...notices].sort(
    (a, b) =>
      Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

/** A fetched list replaces the cache, except the notices that exist on this device only. */
export function mergeFetchedList(
  cache: readonly CachedNotice[],
  fetched: readonly Notice[],
): CachedNotice[] {
  return sortNewestFirst([...fetched, ...cache.filter(isLocalOnly)]);
}

/** Adds a notice, or replaces the one with the same id (or `replacing`, a local id it supersedes). */
export function upsertNotice(
  cache: readonly CachedNotice[],
  notice: CachedNotice,
  replacing: string = notice.id,
): CachedNotice[] {
  const others = cache.filter((n) => n.id !== notice.id && n.id !== replacing);
  // The server's copy remembers the local id it replaced, also when it arrives again (a live event).
  const localId =
    replacing === notice.id ? cache.find((n) => n.id === notice.id)?.localId : replacing;
  return sortNewestFirst([...others, localId ? { ...notice, localId } : notice]);
}

export function removeNotice(cache: readonly CachedNotice[], id: string): CachedNotice[] {
  return cache.filter((notice) => notice.id !== id);
}

/** The stored cache; entries that no longer parse (an older format, a hand edit) are left out. */
export function parseNoticeCache(raw: string | null): CachedNotice[] {
  if (!raw) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  const notices: CachedNotice[] = [];
  for (const entry of stored) {
    const parsed = incomingNoticeSchema.safeParse(entry);
    if (!parsed.success) continue;
    const { pending, refusedReason, localId } = entry as {
      pending?: unknown;
      refusedReason?: unknown;
      localId?: unknown;
    };
    const notice: CachedNotice = { ...parsed.data };
    if (pending === true) notice.pending = true;
    else if (typeof refusedReason === 'string') notice.refusedReason = refusedReason;
    if (typeof localId === 'string' && isLocalNoticeId(localId)) notice.localId = localId;
    notices.push(notice);
  }
  return sortNewestFirst(notices);
}
