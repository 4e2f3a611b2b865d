/**
 * Dates and times as the screens write them: in the city's own zone, with the zone named, so
 * Kolkata's rush hour reads 9 AM IST wherever the reader sits, and every time on the screens of a
 * city reads on one clock. The reader's own zone stands in only while the city is not known yet.
 */

/** A moment as milliseconds since the epoch or an ISO string. */
type Moment = number | string;

/**
 * The hours and minutes of a 12-hour clock in a language: 'AM'/'PM' in English, the part of the day
 * in words where the language has them ('दोपहर 3:30', '৩:৩০ দুপুর'): Hindi and Bengali would
 * otherwise get Latin 'pm' and 'PM'.
 */
function clockParts(locale: string): Intl.DateTimeFormatOptions {
  const language = locale.split('-')[0];
  return language === 'hi' || language === 'bn'
    ? { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' }
    : { hour: 'numeric', minute: '2-digit', hour12: true };
}

function toDate(at: Moment): Date | null {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A zone's usual abbreviation at a moment ('IST', 'EST', 'EDT', 'UTC'); its offset ('GMT+5:30')
 * where no abbreviation is in use. English names them for the Americas, Indian English for India.
 */
function zoneAbbreviation(date: Date, timeZone?: string): string {
  let offset = '';
  for (const locale of ['en-US', 'en-IN']) {
    const name =
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
        .formatToParts(date)
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
    if (name && !/^GMT[+-]/.test(name)) return name;
    offset ||= name;
  }
  return offset;
}

/**
 * A date and time such as 'Nov 22, 2026, 3:11 PM IST' in the city's zone, which it names; the
 * reader's zone while the city's is not known. '' for a bad value.
 */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  const date = toDate(iso);
  if (!date) return '';
  const time = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...clockParts(locale),
    timeZone,
  }).format(date);
  return `${time} ${zoneAbbreviation(date, timeZone)}`;
}

/** A date such as 'Nov 22, 2026' in the city's zone (the reader's while it is not known); '' for a bad value. */
export function formatDate(iso: string, locale: string, timeZone?: string): string {
  const date = toDate(iso);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
}

/**
 * A moment in the city's zone, with the zone named: 'Nov 22, 9:41 AM IST'; the reader's zone while
 * the city's is not known yet. '' for a bad value.
 */
export function formatCityTime(at: Moment, timeZone: string | undefined, locale: string): string {
  const date = toDate(at);
  if (!date) return '';
  const time = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...clockParts(locale),
    timeZone,
  }).format(date);
  return `${time} ${zoneAbbreviation(date, timeZone)}`;
}

/** A chart's time tick in the city's zone: the date ('Nov 22') over days, else the time ('9:41 AM'). */
export function formatAxisTime(
  ms: number,
  spansDays: boolean,
  timeZone: string | undefined,
  locale: string,
): string {
  const options: Intl.DateTimeFormatOptions = spansDays
    ? { month: 'short', day: 'numeric', timeZone }
    : { ...clockParts(locale), timeZone };
  return new Intl.DateTimeFormat(locale, options).format(new Date(ms));
}

/** The day a moment falls on in a zone, as 'YYYY-MM-DD', to tell days apart. */
export function cityDay(ms: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone }).format(new Date(ms));
}

/**
 * The header clock: 12-hour time in the reader's language with its zone, such as '11:42 PM IST',
 * 'रात 11:42 IST' or '১১:৪২ রাত্রি IST', in the given zone or the browser's own. The zone keeps
 * its usual Latin abbreviation in every language: it is what clocks and timetables in India print.
 */
export function formatClock(date: Date, timeZone: string | undefined, locale: string): string {
  const time = new Intl.DateTimeFormat(locale, { ...clockParts(locale), timeZone }).format(date);
  return `${time} ${zoneAbbreviation(date, timeZone)}`;
}

/** A statement month 'YYYY-MM' as words: 'November 2026'; the text itself when it is no month. */
export function formatMonth(month: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/**
 * A time zone's name in the reader's language ('India Standard Time', 'भारतीय मानक समय'); its
 * IANA name where the browser knows no other.
 */
export function formatZoneName(timeZone: string, locale: string): string {
  try {
    return (
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}

/** How far a zone's clock is ahead of UTC at a moment, in milliseconds. */
function zoneOffsetMs(ms: number, timeZone: string | undefined): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  ) as Partial<Record<string, number>>;
  const part = (type: string) => parts[type] ?? 0;
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - (ms - (ms % 1000));
}

/**
 * A moment as a date-and-time field shows it on the city's clock ('2026-11-21T15:30'); the
 * reader's clock while the city's zone is not known. '' for a bad value.
 */
export function toCityLocalInput(iso: Moment, timeZone: string | undefined): string {
  const date = toDate(iso);
  if (!date) return '';
  const local = new Date(date.getTime() + zoneOffsetMs(date.getTime(), timeZone));
  return local.toISOString().slice(0, 16);
}

/**
 * What a date-and-time field says ('2026-11-21T15:30', on the city's clock) as an ISO moment; null
 * when it says nothing usable. Around a change of clocks the offset of the moment itself is used.
 */
export function fromCityLocalInput(value: string, timeZone: string | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall)) return null;
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone)).toISOString();
}
