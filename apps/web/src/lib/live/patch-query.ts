import type { QueryClient, QueryKey } from '@tanstack/react-query';

type Patch = (data: unknown) => unknown;

// A fetch that is under way when an event arrives would overwrite the patch with an answer the
// server may have computed before the event. The patch is kept and applied again on top of it.
// Keyed by the query object itself: the cache's events type it with `any` data.
const waiting = new WeakMap<object, Patch[]>();
const replaying = new WeakSet<QueryClient>();

/**
 * Applies a live event to one cached query: at once to what is cached, and once more to the answer
 * of a fetch that was under way. Patches must be idempotent (by id, by time), because that answer
 * may already hold the change. A query nothing has asked for is left alone: its first fetch has it.
 */
export function patchQuery<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  patch: (data: T) => T,
): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (!query) return;
  replayPatchesAfterFetches(queryClient);
  if (query.state.data !== undefined) {
    queryClient.setQueryData<T>(queryKey, (data) => (data === undefined ? data : patch(data)));
  }
  if (query.state.fetchStatus === 'fetching') {
    const list = waiting.get(query) ?? [];
    list.push(patch as Patch);
    waiting.set(query, list);
  }
}

/** Applies a patch to every cached query under a key prefix (lists with different filters). */
export function patchQueries<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  patch: (data: T) => T,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
    patchQuery(queryClient, query.queryKey, patch);
  }
}

/** Listens, once per cache, for fetches that finish, and applies the patches kept for them. */
function replayPatchesAfterFetches(queryClient: QueryClient): void {
  if (replaying.has(queryClient)) return;
  replaying.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const patches = waiting.get(event.query);
    if (!patches) return;
    const { action } = event;
    if (action.type === 'error') {
      waiting.delete(event.query);
      return;
    }
    // A manual write is a patch itself (or setQueryData elsewhere); only a fetch's answer counts.
    if (action.type !== 'success' || action.manual) return;
    waiting.delete(event.query);
    queryClient.setQueryData(event.query.queryKey, (data: unknown) =>
      data === undefined ? data : patches.reduce<unknown>((value, patch) => patch(value), data),
    );
  });
}
