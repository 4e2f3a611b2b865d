/**
 * Answers kept while what they were computed from has not changed: each entry remembers the
 * version it was made at and is used while that version stands and it is younger than `maxAgeMs`
 * (the bound on how stale it can be when another process changes the data). The oldest entries
 * make way past `maxEntries`. The promise itself is kept, so concurrent askers share one query;
 * a failed one is forgotten.
 */
export function createVersionedCache<T>(options: { maxAgeMs: number; maxEntries: number }) {
  const entries = new Map<string, { version: number; at: number; value: Promise<T> }>();
  let version = 0;
  return {
    /** Marks everything kept so far as out of date. */
    bump(): void {
      version += 1;
    },
    get(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
      const kept = entries.get(key);
      if (kept && kept.version === version && now - kept.at < options.maxAgeMs) return kept.value;
      const value = compute();
      entries.delete(key);
      entries.set(key, { version, at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}
