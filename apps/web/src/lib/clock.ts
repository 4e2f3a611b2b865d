import { useEffect, useState } from 'react';
import { CLOCK_REFRESH_MS } from './constants';

/**
 * The current time, refreshed every `intervalMs` (60 s by default). The first refresh waits for
 * the next whole interval (the next whole minute by default) so the displayed time is never an
 * interval behind.
 */
export function useMinuteClock(intervalMs: number = CLOCK_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const untilNextMinute = intervalMs - (Date.now() % intervalMs);
    const timeout = setTimeout(() => {
      setNow(new Date());
      interval = setInterval(() => setNow(new Date()), intervalMs);
    }, untilNextMinute);
    return () => {
      clearTimeout(timeout);
      if (interval !== undefined) clearInterval(interval);
    };
  }, [intervalMs]);

  return now;
}
