const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function cached(
  map: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
) {
  let formatter = map.get(timeZone);
  if (!formatter) map.set(timeZone, (formatter = make()));
  return formatter;
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return cached(
    dateFormatters,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone }),
  ).format(at);
}

/** How far a time zone is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const name = cached(
    offsetFormatters,
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
  )
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** The instant a calendar date begins in a time zone (measured at that moment, so DST is right). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day);
  let start = midnightUtc - zoneOffsetMs(new Date(midnightUtc), timeZone);
  start = midnightUtc - zoneOffsetMs(new Date(start), timeZone);
  return new Date(start);
}

/** The calendar date one day before `date`. */
export function dayBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}
