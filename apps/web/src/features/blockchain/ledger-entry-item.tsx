import type { LedgerEntryView } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { TimeAgo } from '../../components/time-ago';
import { useCity } from '../../lib/city/city-context';
import { describeEntry, entryTypeLabel } from './entry-description';
import { formatDigits } from '../../lib/format/numbers';

/** A hash shortened for reading; the whole one is in the title and in the details. */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** One ledger entry: its seq, type and what it records; its proof material folds out. */
export function LedgerEntryItem({ entry }: { entry: LedgerEntryView }) {
  const { t, i18n } = useTranslation();
  const { cities } = useCity();
  const cityName = (key: string) => cities.find((city) => city.key === key)?.name ?? key;
  return (
    <li
      data-testid="ledger-entry"
      data-seq={entry.seq}
      data-type={entry.type}
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">
          <span className="mr-2 font-mono text-xs text-slate-500 dark:text-slate-400">
            #{formatDigits(entry.seq, i18n.language)}
          </span>
          {entryTypeLabel(entry.type, t)}
        </p>
        <TimeAgo iso={entry.at} className="text-xs text-slate-500 dark:text-slate-400" />
      </div>
      <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">
        {describeEntry(entry, { t, locale: i18n.language, cityName })}
      </p>
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer text-sky-800 hover:underline dark:text-sky-300">
          {t('blockchain.entry.details')}
        </summary>
        <dl className="mt-2 grid gap-x-3 gap-y-1 font-mono text-slate-700 sm:grid-cols-[auto_1fr] dark:text-slate-300 [&_dd]:break-all">
          <dt className="font-sans font-semibold">{t('blockchain.entry.hash')}</dt>
          <dd translate="no">{entry.hash}</dd>
          <dt className="font-sans font-semibold">{t('blockchain.entry.prevHash')}</dt>
          <dd translate="no">{entry.prevHash}</dd>
          <dt className="font-sans font-semibold">{t('blockchain.entry.signature')}</dt>
          <dd translate="no">{entry.signature}</dd>
          <dt className="font-sans font-semibold">{t('blockchain.entry.payload')}</dt>
          <dd translate="no">
            <pre className="whitespace-pre-wrap">{JSON.stringify(entry.payload, null, 2)}</pre>
          </dd>
        </dl>
      </details>
    </li>
  );
}
