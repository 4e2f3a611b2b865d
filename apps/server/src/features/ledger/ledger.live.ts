import { MAX_LIVE_LEDGER_ENTRIES, type LedgerAppendedEvent } from '@smart-city/shared';
import type { LiveBatch, LiveRoute } from '../../live/live-route';

/** The entries chained since the last message, the newest MAX_LIVE_LEDGER_ENTRIES of them. */
function newestEntries(): LiveBatch<LedgerAppendedEvent> {
  let latest: LedgerAppendedEvent | null = null;
  return {
    add(event) {
      const entries = [...(latest?.entries ?? []), ...event.entries].slice(
        -MAX_LIVE_LEDGER_ENTRIES,
      );
      latest = { latestSeq: Math.max(latest?.latestSeq ?? 0, event.latestSeq), entries };
    },
    take: () => latest,
  };
}

/**
 * The ledger is the whole city's: every connection hears of new entries, at most four times a
 * second however fast they are chained (a client that sees a gap in seqs reads the rest).
 */
export const ledgerLiveRoutes: LiveRoute[] = [
  {
    event: 'ledger:appended',
    audience: () => 'everyone',
    coalesce: { intervalMs: 250, batch: newestEntries },
  },
];
