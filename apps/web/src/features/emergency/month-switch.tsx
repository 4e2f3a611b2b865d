import { useTranslation } from 'react-i18next';
import { iconButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { formatMonth } from '../../lib/format/date-time';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** The month a moment falls in, as 'YYYY-MM', in a time zone (the reader's when none is given). */
export function monthOf(at: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(
    at,
  );
}

/** The month `offset` months from 'YYYY-MM'. */
function shiftMonth(month: string, offset: number): string {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthIndex - 1 + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Previous and next month around the month's name; no month after `latest`. */
export function MonthSwitch({
  month,
  latest,
  onChange,
  testId,
}: {
  month: string;
  latest: string;
  onChange: (month: string) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        className={iconButton}
        aria-label={t('emergency.statement.previous')}
        onClick={() => onChange(shiftMonth(month, -1))}
        data-testid={`${testId}-previous`}
      >
        <Icon name="chevron-left" />
      </button>
      <p
        aria-live="polite"
        data-testid={`${testId}-month`}
        className="min-w-32 text-center text-sm font-semibold text-slate-900 dark:text-white"
      >
        {formatMonth(month, i18n.language)}
      </p>
      <button
        type="button"
        className={`${iconButton} disabled:opacity-40`}
        aria-label={t('emergency.statement.next')}
        disabled={month >= latest}
        onClick={() => onChange(shiftMonth(month, 1))}
        data-testid={`${testId}-next`}
      >
        <Icon name="chevron-right" />
      </button>
    </div>
  );
}
