import type { LiveBatch } from './live-route';

export type LiveCoalescer<P> = {
  /** Gathers a payload for an audience; its batch goes out on the audience's next flush. */
  add: (audience: string, payload: P) => void;
  /** Drops everything pending and cancels the timers. */
  stop: () => void;
};

/**
 * Holds payloads back per audience so each gets at most one message per `intervalMs`. An audience
 * that has been quiet for a whole interval flushes on the next tick, so a lone event is not held
 * back; a busy one flushes once per interval. No timer exists while nothing is pending.
 */
export function createLiveCoalescer<P>(options: {
  intervalMs: number;
  batch: () => LiveBatch<P>;
  send: (payload: P) => void;
  /** A flush runs on a timer, where a throw would end the process; it is reported here instead. */
  onError: (err: unknown) => void;
  now?: () => number;
}): LiveCoalescer<P> {
  const { intervalMs, send, onError } = options;
  const now = options.now ?? Date.now;
  const pending = new Map<string, LiveBatch<P>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const lastFlushAt = new Map<string, number>();

  function flush(audience: string) {
    timers.delete(audience);
    const batch = pending.get(audience);
    pending.delete(audience);
    try {
      const payload = batch?.take() ?? null;
      if (payload === null) return;
      lastFlushAt.set(audience, now());
      send(payload);
      // What did not fit goes out one interval later, merged with whatever arrives meanwhile.
      if (batch?.hasMore?.() && !pending.has(audience)) {
        pending.set(audience, batch);
        timers.set(
          audience,
          setTimeout(() => flush(audience), intervalMs),
        );
      }
    } catch (err) {
      onError(err);
    }
  }

  return {
    add(audience, payload) {
      let batch = pending.get(audience);
      if (!batch) pending.set(audience, (batch = options.batch()));
      batch.add(payload);
      if (timers.has(audience)) return;
      const since = now() - (lastFlushAt.get(audience) ?? -Infinity);
      // Even with no wait due, a 0 ms timer gathers the events one caller emits in a loop.
      const delayMs = Math.max(0, intervalMs - since);
      timers.set(
        audience,
        setTimeout(() => flush(audience), delayMs),
      );
    },
    stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      pending.clear();
    },
  };
}
