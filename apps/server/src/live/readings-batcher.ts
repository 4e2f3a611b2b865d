import type { CityKey, LiveReading, ReadingsEvent } from '@smart-city/shared';

export type ReadingsBatcher = {
  /** Queues stored readings; the latest value per sensor survives until the city's next flush. */
  add: (event: ReadingsEvent) => void;
  /** Drops everything pending and cancels the timers. */
  stop: () => void;
};

/**
 * Coalesces readings per city so a room gets at most one `readings` message per `intervalMs`.
 * A city that has been quiet for a whole interval flushes on the next tick, so a lone reading is
 * not held back; a busy one flushes once per interval. No timer exists while nothing is pending.
 */
export function createReadingsBatcher(options: {
  intervalMs: number;
  flush: (event: ReadingsEvent) => void;
  /** A flush runs on a timer, where a throw would end the process; it is reported here instead. */
  onError: (err: unknown) => void;
  now?: () => number;
}): ReadingsBatcher {
  const { intervalMs, flush, onError } = options;
  const now = options.now ?? Date.now;
  const pending = new Map<CityKey, Map<string, LiveReading>>();
  const timers = new Map<CityKey, NodeJS.Timeout>();
  const lastFlushAt = new Map<CityKey, number>();

  function flushCity(city: CityKey) {
    timers.delete(city);
    const readings = pending.get(city);
    pending.delete(city);
    if (!readings || readings.size === 0) return;
    lastFlushAt.set(city, now());
    try {
      flush({ city, readings: [...readings.values()] });
    } catch (err) {
      onError(err);
    }
  }

  return {
    add(event) {
      if (event.readings.length === 0) return;
      let latest = pending.get(event.city);
      if (!latest) pending.set(event.city, (latest = new Map()));
      for (const reading of event.readings) {
        const queued = latest.get(reading.sensorId);
        // A device may deliver late readings; an older one must not overwrite a newer value.
        if (queued && Date.parse(queued.timestamp) > Date.parse(reading.timestamp)) continue;
        latest.set(reading.sensorId, reading);
      }
      if (timers.has(event.city)) return;
      const since = now() - (lastFlushAt.get(event.city) ?? -Infinity);
      // Even with no wait due, a 0 ms timer gathers the readings one ingest call emits in a loop.
      const delayMs = Math.max(0, intervalMs - since);
      timers.set(
        event.city,
        setTimeout(() => flushCity(event.city), delayMs),
      );
    },
    stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      pending.clear();
    },
  };
}
