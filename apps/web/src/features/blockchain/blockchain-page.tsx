import { canManageContracts, LEDGER_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyPart } from '../../components/lazy-part';
import { PageHeader } from '../../components/page-header';
import { PAGE_WIDTH } from '../../components/page-width';
import { Spinner } from '../../components/spinner';
import { Tabs, type TabItem } from '../../components/tabs';
import { request } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useCityDates } from '../../lib/format/use-city-dates';
import { formatNumber } from '../../lib/format/numbers';
import { AdminTab } from './admin-tab';
import { ContractsTab } from './contracts-tab';
import { FeedbackTab } from './feedback-tab';
import { LEDGER_QUERY_KEY, useLedgerFeed } from './ledger-feed-query';
import { MonitorTab } from './monitor-tab';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { blockchainLive as liveModule } from './blockchain.live';

type TabKey = 'contracts' | 'monitor' | 'feedback' | 'verify' | 'admin';
const TAB_KEYS: readonly TabKey[] = ['contracts', 'monitor', 'feedback', 'verify', 'admin'];

/** The verifier brings its hashing and signature code only when someone opens the tab. */
const VerifyPanel = lazyPart<{ latestSeq: number }>({
  chunk: 'verifier',
  load: () => import('./verify-panel').then((m) => m.VerifyPanel),
  loading: () => (
    <div className="flex justify-center py-10">
      <Spinner />
    </div>
  ),
});

const publicKeyQueryOptions = queryOptions({
  queryKey: [...LEDGER_QUERY_KEY, 'public-key'] as const,
  queryFn: ({ signal }) => request(LEDGER_ENDPOINTS.publicKey, {}, { signal }),
  staleTime: Infinity,
});

/** Entries, latest checkpoint and the city's key id, above every tab. */
function LedgerSummaryStrip() {
  const { t, i18n } = useTranslation();
  const dates = useCityDates();
  const feed = useLedgerFeed();
  const key = useQuery(publicKeyQueryOptions);
  const summary = feed.data?.summary;
  const checkpoint = summary?.latestCheckpoint;
  const figure = 'text-base font-semibold text-slate-900 tabular-nums dark:text-white';
  const caption = 'text-xs text-slate-600 dark:text-slate-400';
  return (
    <dl
      data-testid="ledger-summary"
      className="mb-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <dt className={caption}>{t('blockchain.summary.entries')}</dt>
        <dd className={figure} data-testid="ledger-entry-count">
          {summary ? formatNumber(summary.entries, i18n.language) : '…'}
        </dd>
      </div>
      <div>
        <dt className={caption}>{t('blockchain.summary.checkpoint')}</dt>
        <dd className={figure}>
          {!summary
            ? '…'
            : checkpoint
              ? t('blockchain.summary.checkpointValue', {
                  size: formatNumber(checkpoint.treeSize, i18n.language),
                  time: dates.dateTime(checkpoint.at),
                })
              : t('blockchain.summary.noCheckpoint')}
        </dd>
      </div>
      <div>
        <dt className={caption}>{t('blockchain.summary.key')}</dt>
        <dd translate="no" className="font-mono text-sm break-all text-slate-900 dark:text-white">
          {key.data?.kid ?? '…'}
        </dd>
      </div>
    </dl>
  );
}

function Explainer() {
  const { t } = useTranslation();
  const part = (title: string, body: string) => (
    <div>
      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{body}</p>
    </div>
  );
  return (
    <details
      className="mb-6 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm dark:border-sky-900 dark:bg-sky-950/40"
      data-testid="ledger-explainer"
    >
      <summary className="cursor-pointer font-semibold text-sky-900 dark:text-sky-100">
        {t('blockchain.explainer.title')}
      </summary>
      <div className="mt-3 grid gap-4 md:grid-cols-3">
        {part(t('blockchain.explainer.recordedTitle'), t('blockchain.explainer.recorded'))}
        {part(t('blockchain.explainer.provesTitle'), t('blockchain.explainer.proves'))}
        {part(t('blockchain.explainer.notTitle'), t('blockchain.explainer.not'))}
      </div>
    </details>
  );
}

/**
 * The transparency ledger: civic contracts and their versions, the live record, citizens'
 * feedback, a check anyone can run in the browser, and (for admins) publishing contracts.
 */
export function BlockchainPage() {
  const { t } = useTranslation();
  const { allows } = useAuth();
  const [params, setParams] = useSearchParams();
  const feed = useLedgerFeed();
  const tabs: TabItem<TabKey>[] = TAB_KEYS.filter(
    (key) => key !== 'admin' || allows(canManageContracts),
  ).map((key) => ({ key, label: t(`blockchain.tabs.${key}`) }));
  const asked = params.get('tab') as TabKey | null;
  const selected = tabs.some((tab) => tab.key === asked) ? asked! : 'contracts';
  const select = (key: TabKey) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <div className={PAGE_WIDTH}>
      <PageHeader title={t('screens.blockchain.title')} />
      <p className="mb-4 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        {t('blockchain.intro')}
      </p>
      <Explainer />
      <LedgerSummaryStrip />
      <Tabs
        label={t('blockchain.tabsLabel')}
        testId="ledger-tab"
        tabs={tabs}
        selected={selected}
        onSelect={select}
      >
        {selected === 'contracts' ? <ContractsTab /> : null}
        {selected === 'monitor' ? <MonitorTab /> : null}
        {selected === 'feedback' ? <FeedbackTab /> : null}
        {selected === 'verify' ? <VerifyPanel latestSeq={feed.data?.summary.entries ?? 0} /> : null}
        {selected === 'admin' ? <AdminTab /> : null}
      </Tabs>
    </div>
  );
}
