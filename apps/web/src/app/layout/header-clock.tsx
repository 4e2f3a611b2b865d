import { useTranslation } from 'react-i18next';
import { useMinuteClock } from '../../lib/clock';
import { formatClock } from '../../lib/format/date-time';

/** A 12-hour clock in the given IANA time zone, or the browser's own when none is known. */
export function HeaderClock({
  timeZone,
  className = '',
}: {
  timeZone?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const now = useMinuteClock();
  return (
    <time
      dateTime={now.toISOString()}
      aria-label={t('header.clockLabel')}
      data-testid="header-clock"
      className={`text-sm font-medium text-slate-600 tabular-nums dark:text-slate-300 ${className}`}
    >
      {formatClock(now, timeZone, i18n.language)}
    </time>
  );
}
