import type { LiveModule } from '../../lib/live/live-module';
import { patchQuery } from '../../lib/live/patch-query';
import { refreshContracts } from './contracts-query';
import {
  LEDGER_FEED_KEY,
  LEDGER_QUERY_KEY,
  withAppended,
  type LedgerFeed,
} from './ledger-feed-query';

/**
 * The Blockchain screen follows the ledger live: new entries join the Monitor's feed and counts,
 * and a contract's new version or feedback from someone else reloads the contract lists.
 */
export const blockchainLive: LiveModule = {
  name: 'blockchain',
  handlers: {
    'ledger:appended': (event, { queryClient }) => {
      let exact = true;
      patchQuery<LedgerFeed>(queryClient, LEDGER_FEED_KEY, (feed) => {
        const next = withAppended(feed, event);
        if (next === null) exact = false;
        return next ?? feed;
      });
      if (!exact) void queryClient.invalidateQueries({ queryKey: LEDGER_FEED_KEY });
      if (event.entries.some((entry) => entry.type.startsWith('contract.')))
        void refreshContracts(queryClient);
    },
  },
  // The ledger is the whole city's: only a reconnection can have missed entries.
  resync: ({ queryClient, reason }) => {
    if (reason !== 'connect') return;
    void queryClient.invalidateQueries({ queryKey: LEDGER_QUERY_KEY });
    void refreshContracts(queryClient);
  },
};
