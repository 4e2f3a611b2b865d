const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock hour (with fraction) and whether it is a weekend, in a city's time zone. */
export function localTime(at: Date, timeZone: string): { hour: number; weekend: boolean } {
  let hour = 0;
  let minute = 0;
  let weekday = '';
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
    else if (part.type === 'weekday') weekday = part.value;
  }
  return { hour: hour + minute / 60, weekend: weekday === 'Sat' || weekday === 'Sun' };
}
