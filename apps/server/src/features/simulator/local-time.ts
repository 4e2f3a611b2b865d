const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A moment on a city's wall clock. */
export type LocalTime = {
  /** The hour with its fraction, 0 to 24. */
  hour: number;
  /** The day of the week, Monday 0 to Sunday 6. */
  weekday: number;
  weekend: boolean;
};

/** The wall-clock hour (with fraction), day of the week and whether it is a weekend, in a time zone. */
export function localTime(at: Date, timeZone: string): LocalTime {
  let hour = 0;
  let minute = 0;
  let second = 0;
  let weekday = 0;
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
    else if (part.type === 'second') second = Number(part.value);
    else if (part.type === 'weekday') weekday = Math.max(0, WEEKDAYS.indexOf(part.value));
  }
  return { hour: hour + minute / 60 + second / 3600, weekday, weekend: weekday >= 5 };
}
