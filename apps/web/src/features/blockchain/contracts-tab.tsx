import type { Contract } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { QueryContent } from '../../components/query-states';
import { TimeAgo } from '../../components/time-ago';
import { useCityDates } from '../../lib/format/use-city-dates';
import { ContractStatusPill } from './contract-status-pill';
import { useContracts } from './contracts-query';

function ContractCard({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const dates = useCityDates();
  return (
    <li
      data-testid="contract-card"
      data-contract-id={contract.id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-slate-900 dark:text-white">
            {contract.name}
          </h3>
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
            {t(`blockchain.contractTypes.${contract.type}`)} ·{' '}
            {t('blockchain.contracts.version', { version: contract.version })} ·{' '}
            {t('blockchain.contracts.feedbackCount', { count: contract.feedbackCount })}
          </p>
        </div>
        <ContractStatusPill status={contract.status} />
      </div>
      <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
        {contract.description}
      </p>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        {t('blockchain.contracts.updated')} <TimeAgo iso={contract.updatedAt} />
      </p>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-sky-800 hover:underline dark:text-sky-300">
          {t('blockchain.contracts.history')}
        </summary>
        <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
          {contract.versions.map((version) => (
            <li key={version.version} data-testid="contract-version">
              <p className="font-medium text-slate-900 dark:text-white">
                {t('blockchain.contracts.version', { version: version.version })} ·{' '}
                {t(`blockchain.contractStatus.${version.status}`)}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {dates.dateTime(version.at)} ·{' '}
                {version.ledgerSeq === null
                  ? t('blockchain.contracts.notRecordedYet')
                  : t('blockchain.contracts.recordedAs', { seq: version.ledgerSeq })}
              </p>
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

/** Every civic contract, most recently changed first, each with its version history. */
export function ContractsTab() {
  const { t } = useTranslation();
  const contracts = useContracts();
  return (
    <QueryContent query={contracts} errorMessage={t('blockchain.contracts.loadFailed')}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState
            icon={<Icon name="blockchain" />}
            title={t('blockchain.contracts.empty')}
            description={t('blockchain.contracts.emptyHelp')}
          />
        ) : (
          <ul
            aria-label={t('blockchain.contracts.listLabel')}
            className="grid gap-4 lg:grid-cols-2"
          >
            {list.map((contract) => (
              <ContractCard key={contract.id} contract={contract} />
            ))}
          </ul>
        )
      }
    </QueryContent>
  );
}
