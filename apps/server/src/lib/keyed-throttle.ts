/**
 * Sends something about a key (a city) at most once every `intervalMs`: at once when the last send
 * of that key is that old, else once that much has passed, with one send waiting a key at most. The
 * last change always goes out, and a key changing thousands of times a second costs one send an
 * interval. A send that fails is reported to `onError`.
 */
export function createKeyedThrottle<K>(options: {
  intervalMs: number;
  send: (key: K) => Promise<void>;
  onError?: (err: unknown) => void;
}) {
  const lastSentAt = new Map<K, number>();
  const waiting = new Map<K, NodeJS.Timeout>();
  const send = (key: K) => {
    lastSentAt.set(key, Date.now());
    options.send(key).catch((err: unknown) => options.onError?.(err));
  };
  return {
    /** Asks for a send of each key, now or once its interval has passed. */
    request: (keys: Iterable<K>): void => {
      for (const key of new Set(keys)) {
        if (waiting.has(key)) continue;
        const waitMs = (lastSentAt.get(key) ?? -Infinity) + options.intervalMs - Date.now();
        if (waitMs <= 0) {
          send(key);
          continue;
        }
        const timer = setTimeout(() => {
          waiting.delete(key);
          send(key);
        }, waitMs);
        waiting.set(key, timer.unref());
      }
    },
    /** Cancels the sends still waiting (the server is stopping). */
    stop: (): void => {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
