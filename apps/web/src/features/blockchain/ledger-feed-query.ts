import {
  LEDGER_ENDPOINTS,
  type LedgerAppendedEvent,
  type LedgerEntryView,
  type LedgerSummary,
} from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

export const LEDGER_QUERY_KEY = ['ledger'] as const;
export const LEDGER_FEED_KEY = [...LEDGER_QUERY_KEY, 'feed'] as const;

/** Newest entries the Monitor shows. */
const FEED_SIZE = 50;

/** A checkpoint is signed every this many entries (and at least hourly). */
const CHECKPOINT_EVERY = 64;

/** The ledger's summary and its newest entries, oldest first. */
export type LedgerFeed = { summary: LedgerSummary; entries: LedgerEntryView[] };

async function fetchFeed(signal?: AbortSignal): Promise<LedgerFeed> {
  const summary = await request(LEDGER_ENDPOINTS.summary, {}, { signal });
  const after = String(Math.max(0, summary.entries - FEED_SIZE));
  const page = await request(
    LEDGER_ENDPOINTS.entries,
    { query: { after, limit: FEED_SIZE } },
    { signal },
  );
  return { summary, entries: page.items };
}

const ledgerFeedQueryOptions = queryOptions({
  queryKey: LEDGER_FEED_KEY,
  queryFn: ({ signal }) => fetchFeed(signal),
});

export function useLedgerFeed() {
  return useQuery(ledgerFeedQueryOptions);
}

/**
 * The feed with newly chained entries added, or null when that cannot be exact: entries were
 * missed (more arrived than an event carries), or a checkpoint was signed meanwhile (its root is
 * the server's to say). Entries already held are not added twice.
 */
export function withAppended(feed: LedgerFeed, event: LedgerAppendedEvent): LedgerFeed | null {
  const held = feed.summary.entries;
  const fresh = event.entries.filter((entry) => entry.seq > held);
  if (fresh.length === 0) return feed;
  if (fresh[0]!.seq !== held + 1 || fresh.at(-1)!.seq !== event.latestSeq) return null;
  if (Math.floor(event.latestSeq / CHECKPOINT_EVERY) !== Math.floor(held / CHECKPOINT_EVERY))
    return null;
  const byType = { ...feed.summary.byType };
  for (const entry of fresh) byType[entry.type] = (byType[entry.type] ?? 0) + 1;
  return {
    summary: { ...feed.summary, entries: event.latestSeq, byType },
    entries: [...feed.entries, ...fresh].slice(-FEED_SIZE),
  };
}
