import { LEDGER_ENTRY_TYPES } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { useCityDates } from '../../lib/format/use-city-dates';
import { formatNumber } from '../../lib/format/numbers';
import { entryTypeLabel } from './entry-description';
import { useLedgerFeed } from './ledger-feed-query';
import { LedgerEntryItem, shortHash } from './ledger-entry-item';

/** The ledger as it grows: counts by type, the latest checkpoint and the newest entries, live. */
export function MonitorTab() {
  const { t, i18n } = useTranslation();
  const dates = useCityDates();
  const feed = useLedgerFeed();
  return (
    <QueryContent query={feed} errorMessage={t('blockchain.monitor.loadFailed')}>
      {({ summary, entries }) => (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="space-y-6">
            <SectionCard title={t('blockchain.monitor.countsTitle')} testId="ledger-counts">
              <ul className="grid grid-cols-2 gap-2">
                {LEDGER_ENTRY_TYPES.filter((type) => (summary.byType[type] ?? 0) > 0).map(
                  (type) => (
                    <li
                      key={type}
                      data-testid="ledger-count"
                      data-type={type}
                      className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
                    >
                      <p className="text-lg font-semibold text-slate-900 tabular-nums dark:text-white">
                        {formatNumber(summary.byType[type]!, i18n.language)}
                      </p>
                      <p className="text-xs text-slate-600 dark:text-slate-300">
                        {entryTypeLabel(type, t)}
                      </p>
                    </li>
                  ),
                )}
              </ul>
              {summary.entries === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('blockchain.monitor.empty')}
                </p>
              ) : null}
            </SectionCard>
            <SectionCard title={t('blockchain.monitor.checkpointTitle')} testId="ledger-checkpoint">
              {summary.latestCheckpoint ? (
                <dl className="space-y-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">
                      {t('blockchain.summary.entries')}
                    </dt>
                    <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
                      {formatNumber(summary.latestCheckpoint.treeSize, i18n.language)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">
                      {t('blockchain.monitor.root')}
                    </dt>
                    <dd
                      translate="no"
                      className="font-mono text-xs break-all text-slate-700 dark:text-slate-300"
                      title={summary.latestCheckpoint.rootHash}
                    >
                      {shortHash(summary.latestCheckpoint.rootHash)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">
                      {t('blockchain.monitor.signedAt')}
                    </dt>
                    <dd className="text-slate-700 dark:text-slate-300">
                      {dates.dateTime(summary.latestCheckpoint.at)}
                    </dd>
                  </div>
                </dl>
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('blockchain.summary.noCheckpoint')}
                </p>
              )}
            </SectionCard>
          </div>
          <SectionCard
            title={t('blockchain.monitor.feedTitle')}
            description={t('blockchain.monitor.feedHelp')}
            testId="ledger-feed"
          >
            {entries.length === 0 ? (
              <EmptyState icon={<Icon name="blockchain" />} title={t('blockchain.monitor.empty')} />
            ) : (
              <ol className="space-y-3" aria-live="polite" aria-relevant="additions">
                {[...entries].reverse().map((entry) => (
                  <LedgerEntryItem key={entry.seq} entry={entry} />
                ))}
              </ol>
            )}
          </SectionCard>
        </div>
      )}
    </QueryContent>
  );
}
