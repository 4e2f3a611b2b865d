import { incomingNoticeSchema } from '@smart-city/shared';
import type { Notice } from '@smart-city/shared';

/** A notice as this device keeps it: `pending` while it waits to reach the server. */
export type CachedNotice = Notice & { pending?: true };

/** Ids of notices made on this device before the server gave them one. */
export const LOCAL_NOTICE_ID_PREFIX = 'local-';

export function isLocalNoticeId(id: string): boolean {
  return id.startsWith(LOCAL_NOTICE_ID_PREFIX);
}

/** Newest first, as the spec keeps the cache; equal times keep a stable order by id. */
export function sortNewestFirst(notices: readonly CachedNotice[]): CachedNotice[] {
  return [...notices].sort(
    (a, b) =>
      Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

/** A fetched list replaces the cache, except the notices still waiting to be published. */
export function mergeFetchedList(
  cache: readonly CachedNotice[],
  fetched: readonly Notice[],
): CachedNotice[] {
  return sortNewestFirst([...fetched, ...cache.filter((notice) => notice.pending)]);
}

/** Adds a notice, or replaces the one with the same id (or `replacing`, a local id it supersedes). */
export function upsertNotice(
  cache: readonly CachedNotice[],
  notice: CachedNotice,
  replacing: string = notice.id,
): CachedNotice[] {
  const others = cache.filter((n) => n.id !== notice.id && n.id !== replacing);
  return sortNewestFirst([...others, notice]);
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
    const pending = (entry as { pending?: unknown }).pending === true;
    notices.push(pending ? { ...parsed.data, pending: true } : parsed.data);
  }
  return sortNewestFirst(notices);
}
