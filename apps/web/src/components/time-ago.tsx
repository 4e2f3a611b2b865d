import { useTranslation } from 'react-i18next';
import { useMinuteClock } from '../lib/clock';
import { formatDateTime } from '../lib/format-date-time';

/** How often a shown time-ago is rewritten: often enough for "seconds ago" to stay honest. */
export const TIME_AGO_REFRESH_MS = 10_000;

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago an ISO time was, such as '3 minutes ago' or 'now', in the reader's language;
 * '' for a bad value. A time slightly in the future (a clock a little ahead) reads as now.
 */
export function formatTimeAgo(iso: string, nowMs: number, locale: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const seconds = Math.max(0, Math.round((nowMs - at) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, length] of UNITS) {
    if (seconds >= length) return format.format(-Math.floor(seconds / length), unit);
  }
  return seconds < 10 ? format.format(0, 'second') : format.format(-seconds, 'second');
}

/** A `<time>` that says how long ago it was and keeps saying it; the full date is its tooltip. */
export function TimeAgo({
  iso,
  className,
  refreshMs = TIME_AGO_REFRESH_MS,
}: {
  iso: string;
  className?: string;
  refreshMs?: number;
}) {
  const { i18n } = useTranslation();
  const now = useMinuteClock(refreshMs).getTime();
  return (
    <time dateTime={iso} title={formatDateTime(iso, i18n.language)} className={className}>
      {formatTimeAgo(iso, now, i18n.language)}
    </time>
  );
}
