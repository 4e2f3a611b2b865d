/** How often a shown time-ago is rewritten: often enough for "seconds ago" to stay honest. */
export const TIME_AGO_REFRESH_MS = 10_000;

/**
 * Below this a time reads as 'now': live readings arrive every few seconds, and counting them
 * would only make the text flicker.
 */
const NOW_BELOW_S = 10;

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago an ISO time was, in the largest whole unit and the reader's language: 'now',
 * '42 seconds ago', 'yesterday', '2 weeks ago'; '' for a bad value.
 */
export function formatTimeAgo(iso: string, now: Date, locale: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  // A time stamped a moment ahead of this clock (a clock a little fast) is still 'now'.
  const seconds = Math.max(0, Math.round((now.getTime() - at) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, length] of UNITS) {
    if (seconds >= length) return format.format(-Math.floor(seconds / length), unit);
  }
  return seconds < NOW_BELOW_S ? format.format(0, 'second') : format.format(-seconds, 'second');
}

/**
 * How long a span of time lasts, in its largest whole unit and the reader's language: '2 hours',
 * '3 days'. A span under a minute reads as '1 minute': a deadline is never 'overdue by 0'.
 */
export function formatDuration(ms: number, locale: string): string {
  const seconds = Math.max(60, Math.floor(Math.abs(ms) / 1000));
  const [unit, length] = UNITS.find(([, unitLength]) => seconds >= unitLength)!;
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
    Math.floor(seconds / length),
  );
}

/**
 * How long until an ISO time, in the largest whole unit and the reader's language: 'in 5 hours',
 * 'tomorrow', 'in 1 minute' for anything nearer; '' for a bad value. A time already past reads as
 * 'now': the caller says 'overdue' rather than a time until.
 */
export function formatTimeUntil(iso: string, now: Date, locale: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((at - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds <= 0) return format.format(0, 'second');
  for (const [unit, length] of UNITS) {
    if (seconds >= length) return format.format(Math.floor(seconds / length), unit);
  }
  return format.format(1, 'minute');
}
