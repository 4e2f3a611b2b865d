import { useTranslation } from 'react-i18next';
import { useMinuteClock } from '../lib/clock';
import { formatDateTime } from '../lib/format/date-time';
import { formatTimeAgo, TIME_AGO_REFRESH_MS } from '../lib/format/time-ago';

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
  const now = useMinuteClock(refreshMs);
  return (
    <time dateTime={iso} title={formatDateTime(iso, i18n.language)} className={className}>
      {formatTimeAgo(iso, now, i18n.language)}
    </time>
  );
}
