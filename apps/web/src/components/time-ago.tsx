import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMinuteClock } from '../lib/clock';
import { formatTimeAgo, TIME_AGO_REFRESH_MS } from '../lib/format/time-ago';
import { useCityDates } from '../lib/format/use-city-dates';

/**
 * A `<time>` that says how long ago it was and keeps saying it. Its exact moment, on the city's
 * clock with the zone named ('28 Nov 2026, 7:17 pm IST'), shows on hover (its title) and under it
 * while it has keyboard focus: it takes focus itself, or, inside a link or a button, shows with
 * that one's focus (an element inside a link cannot take focus of its own).
 */
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
  const dates = useCityDates();
  const now = useMinuteClock(refreshMs);
  const ref = useRef<HTMLTimeElement>(null);
  const [inControl, setInControl] = useState(true);
  useLayoutEffect(() => {
    setInControl(Boolean(ref.current?.parentElement?.closest('a, button, [role="button"]')));
  }, []);
  const exact = dates.dateTime(iso);
  return (
    <time
      ref={ref}
      dateTime={iso}
      title={exact}
      data-exact={exact}
      tabIndex={inControl ? undefined : 0}
      className={className}
    >
      {formatTimeAgo(iso, now, i18n.language)}
    </time>
  );
}
