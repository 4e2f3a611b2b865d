const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A reading's value in the reader's language, with at most two decimals: '42', '3.75'. */
export function formatSensorValue(value: number, locale: string): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** A value with its unit: '42 %', '3.75 MW'. */
export function formatSensorReading(value: number, unit: string, locale: string): string {
  const number = formatSensorValue(value, locale);
  return unit ? `${number} ${unit}` : number;
}

/** How long ago a time was, such as 'now', '12 seconds ago', '5 minutes ago'; '' for a bad value. */
export function formatTimeAgo(iso: string, now: Date, locale: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  // A reading stamped a moment ahead of this clock is still "now", not "in 2 seconds".
  const elapsedMs = Math.max(0, now.getTime() - at);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsedMs < 5 * SECOND_MS) return format.format(0, 'second');
  if (elapsedMs < MINUTE_MS) return format.format(-Math.floor(elapsedMs / SECOND_MS), 'second');
  if (elapsedMs < HOUR_MS) return format.format(-Math.floor(elapsedMs / MINUTE_MS), 'minute');
  if (elapsedMs < DAY_MS) return format.format(-Math.floor(elapsedMs / HOUR_MS), 'hour');
  return format.format(-Math.floor(elapsedMs / DAY_MS), 'day');
}
