import type { ContractStatus } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';

const TONES: Record<ContractStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  completed: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  cancelled: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

/** A contract's status as a word on a tinted pill (the word carries it; the tint only helps). */
export function ContractStatusPill({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="contract-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {t(`blockchain.contractStatus.${status}`)}
    </span>
  );
}
