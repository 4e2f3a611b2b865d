import { CircleCheck, CircleDot, CircleX, ClipboardCheck, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReportStatus } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../components/svg-icon';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';

const badgeShape =
  'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/**
 * Each status's colour and glyph beside its word (colour is never the only signal). The text is
 * the darkest or lightest of its hue on the palest or darkest of it: above 7:1 in both themes.
 */
const STATUS_LOOKS: Record<ReportStatus, { tone: string; icon: LucideIcon }> = {
  open: {
    tone: 'bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-400/40',
    icon: CircleDot,
  },
  acknowledged: {
    tone: 'bg-violet-100 text-violet-900 ring-violet-600/30 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-400/40',
    icon: ClipboardCheck,
  },
  in_progress: {
    tone: 'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-400/40',
    icon: Wrench,
  },
  closed: {
    tone: 'bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-400/40',
    icon: CircleCheck,
  },
  rejected: {
    tone: 'bg-rose-100 text-rose-900 ring-rose-600/30 dark:bg-rose-950 dark:text-rose-100 dark:ring-rose-400/40',
    icon: CircleX,
  },
};

/** Where a report stands, as colour, icon and word. */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const { tone, icon } = STATUS_LOOKS[status];
  return (
    <span data-testid="report-status" data-status={status} className={`${badgeShape} ${tone}`}>
      <SvgIcon icon={icon} size={14} />
      {t(`reports.statuses.${status}`)}
    </span>
  );
}
