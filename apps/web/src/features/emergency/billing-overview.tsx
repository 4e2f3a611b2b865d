import type { BillingOverview as Overview } from '@smart-city/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { useCity } from '../../lib/city/city-context';
import { formatMonth } from '../../lib/format/date-time';
import { formatPaise } from '../../lib/format/numbers';
import { useBillingOverview } from './billing-overview-query';
import { MonthSwitch, monthOf } from './month-switch';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

const cellClass = 'px-3 py-2 text-right tabular-nums';
const headClass = 'px-3 py-2 text-xs font-semibold text-slate-600 uppercase dark:text-slate-400';

function FiguresTable({
  caption,
  rows,
}: {
  caption: string;
  rows: { key: string; label: string; bookings: number; revenuePaise: number }[];
}) {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  return (
    <table className="w-full text-sm text-slate-800 dark:text-slate-200">
      <caption className="mb-2 text-left text-sm font-semibold text-slate-900 dark:text-white">
        {caption}
      </caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className={`${headClass} text-left`}>
            {t('emergency.overview.name')}
          </th>
          <th scope="col" className={`${headClass} text-right`}>
            {t('emergency.overview.bookings')}
          </th>
          <th scope="col" className={`${headClass} text-right`}>
            {t('emergency.overview.revenue')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.key}
            className="border-b border-slate-100 last:border-0 dark:border-slate-800"
          >
            <th scope="row" className="px-3 py-2 text-left font-medium">
              {row.label}
            </th>
            <td className={cellClass}>{row.bookings}</td>
            <td className={cellClass}>{formatPaise(row.revenuePaise, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OverviewFigures({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('emergency.overview.revenue')}
          </dt>
          <dd
            data-testid="overview-revenue"
            className="text-2xl font-semibold tabular-nums text-slate-900 dark:text-white"
          >
            {formatPaise(overview.revenuePaise, i18n.language)}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('emergency.overview.chargedBookings')}
          </dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900 dark:text-white">
            {overview.chargedBookings}
          </dd>
        </div>
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <FiguresTable
          caption={t('emergency.overview.byService')}
          rows={overview.byService.map((row) => ({
            key: row.service,
            label: t(`emergency.services.${row.service}`),
            ...row,
          }))}
        />
        <FiguresTable
          caption={t('emergency.overview.byUrgency')}
          rows={overview.byUrgency.map((row) => ({
            key: row.urgency,
            label: t(`emergency.urgency.${row.urgency}`),
            ...row,
          }))}
        />
      </div>
      {overview.topAccounts.length === 0 ? null : (
        <FiguresTable
          caption={t('emergency.overview.topAccounts')}
          rows={overview.topAccounts.map((row) => ({
            key: row.userId,
            // Accounts by name: an e-mail address is contact data an overview has no need to show.
            label: row.name,
            ...row,
          }))}
        />
      )}
    </div>
  );
}

/**
 * The administration's view of the municipal account, month by month: what was charged, the
 * charged bookings per service and urgency, and the accounts charged most.
 */
export function BillingOverviewPanel() {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  const { city } = useCity();
  const thisMonth = monthOf(new Date(), city?.timeZone);
  const [month, setMonth] = useState(thisMonth);
  const query = useBillingOverview(month);
  return (
    <SectionCard
      title={t('emergency.overview.title')}
      description={t('emergency.overview.intro')}
      testId="billing-overview"
      actions={
        <MonthSwitch month={month} latest={thisMonth} onChange={setMonth} testId="overview" />
      }
    >
      <QueryContent query={query} errorMessage={t('emergency.overview.loadFailed')}>
        {(overview) =>
          overview.chargedBookings === 0 ? (
            <p data-testid="overview-empty" className="text-sm text-slate-600 dark:text-slate-400">
              {t('emergency.overview.empty', { month: formatMonth(month, i18n.language) })}
            </p>
          ) : (
            <div className={query.isPlaceholderData ? 'opacity-60' : ''}>
              <OverviewFigures overview={overview} />
            </div>
          )
        }
      </QueryContent>
    </SectionCard>
  );
}
