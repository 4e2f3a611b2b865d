import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { formatMonth } from '../../lib/format/date-time';
import { formatPaise } from '../../lib/format/numbers';
import { useCity } from '../../lib/city/city-context';
import { MonthSwitch, monthOf } from './month-switch';
import { useStatement } from './statement-query';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/**
 * The person's municipal account statement, month by month: one line per charged booking and the
 * total, with the rule for cancellations said in words.
 */
export function StatementPanel() {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  const { city } = useCity();
  const thisMonth = monthOf(new Date(), city?.timeZone);
  const [month, setMonth] = useState(thisMonth);
  const query = useStatement(month);
  const name = formatMonth(month, i18n.language);

  return (
    <SectionCard
      title={t('emergency.statement.title')}
      description={t('emergency.statement.rule')}
      testId="statement"
      actions={
        <MonthSwitch month={month} latest={thisMonth} onChange={setMonth} testId="statement" />
      }
    >
      <QueryContent query={query} errorMessage={t('emergency.statement.loadFailed')}>
        {(statement) =>
          statement.lines.length === 0 ? (
            <p data-testid="statement-empty" className="text-sm text-slate-600 dark:text-slate-400">
              {t('emergency.statement.empty', { month: name })}
            </p>
          ) : (
            <dl
              data-testid="statement-lines"
              className={`text-sm text-slate-700 dark:text-slate-300 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {statement.lines.map((line) => (
                <div
                  key={line.bookingId}
                  data-testid="statement-line"
                  className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-2 dark:border-slate-800"
                >
                  <dt className="min-w-0">
                    <span className="block font-medium text-slate-900 dark:text-white">
                      {t('emergency.statement.line', {
                        service: t(`emergency.services.${line.service}`),
                        urgency: t(`emergency.urgency.${line.urgency}`),
                      })}
                    </span>
                    <span className="text-xs text-slate-600 dark:text-slate-400">
                      {new Intl.DateTimeFormat(i18n.language, {
                        dateStyle: 'medium',
                        timeZone: city?.timeZone,
                      }).format(new Date(line.bookedAt))}
                      {line.kind === 'cancellation_fee'
                        ? ` · ${t('emergency.statement.lateCancel')}`
                        : ''}
                    </span>
                  </dt>
                  <dd className="shrink-0 tabular-nums">
                    {formatPaise(line.amountPaise, i18n.language)}
                  </dd>
                </div>
              ))}
              <div className="flex items-baseline justify-between gap-4 pt-3 text-base font-semibold text-slate-900 dark:text-white">
                <dt>{t('emergency.statement.total', { month: name })}</dt>
                <dd data-testid="statement-total" className="tabular-nums">
                  {formatPaise(statement.totalPaise, i18n.language)}
                </dd>
              </div>
            </dl>
          )
        }
      </QueryContent>
    </SectionCard>
  );
}
