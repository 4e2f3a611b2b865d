/**
 * Requests per client in fixed windows aligned to the clock, so every process's windows start at
 * the same moments: a client may make `limit` requests a window, and is told how many are left and
 * when the window ends. Each process counts in memory and, given a shared store, adds its counts to
 * the database every second and reads back each client's total over all processes; between two of
 * those a client may get a second's worth more than its limit from each process.
 */
export type RateDecision = {
  allowed: boolean;
  limit: number;
  /** Requests left in this window after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until the window ends and the count starts again. */
  resetS: number;
};

/** Where the processes on one database sum their counts. */
export type SharedRateCounts = {
  add(
    windowStart: Date,
    clients: readonly string[],
    counts: readonly number[],
  ): Promise<{ client: string; count: number }[]>;
  forget(before: Date): Promise<number>;
};

/** Past this many clients in one window, the ones seen least recently are forgotten. */
const MAX_CLIENTS = 200_000;

export function createRateLimiter(options: {
  windowS: number;
  now: () => number;
  shared?: SharedRateCounts;
}) {
  const windowMs = options.windowS * 1000;
  let windowStart = 0;
  /** Each client's total over every process as the last exchange left it. */
  let totals = new Map<string, number>();
  /** Requests counted here since then. */
  let pending = new Map<string, number>();
  /** The window whose predecessors' shared counts were last forgotten. */
  let forgottenFor = 0;

  function enter(now: number): number {
    const start = Math.floor(now / windowMs) * windowMs;
    if (start !== windowStart) {
      windowStart = start;
      totals = new Map();
      pending = new Map();
    }
    return start;
  }

  return {
    /** Counts one request of `client` against `limit`, and says whether it may go ahead. */
    take(client: string, limit: number): RateDecision {
      const now = options.now();
      const start = enter(now);
      const resetS = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
      const mine = pending.get(client) ?? 0;
      const used = (totals.get(client) ?? 0) + mine;
      if (used >= limit) return { allowed: false, limit, remaining: 0, resetS };
      if (mine === 0 && pending.size >= MAX_CLIENTS) {
        // A flood of new addresses: forget the oldest first (a Map keeps insertion order).
        const oldest = pending.keys().next();
        if (!oldest.done) pending.delete(oldest.value);
      }
      pending.set(client, mine + 1);
      return { allowed: true, limit, remaining: limit - used - 1, resetS };
    },

    /**
     * Adds what this process counted since the last time to the shared counts and learns each of
     * those clients' totals; old windows' counts are forgotten. Nothing without a shared store.
     */
    async exchange(): Promise<void> {
      if (!options.shared) return;
      const start = enter(options.now());
      const sent = pending;
      pending = new Map();
      if (sent.size > 0) {
        try {
          const rows = await options.shared.add(
            new Date(start),
            [...sent.keys()],
            [...sent.values()],
          );
          if (start !== windowStart) return;
          for (const { client, count } of rows) totals.set(client, count);
        } catch (err) {
          // Counted again next time, unless the window has ended meanwhile.
          if (start === windowStart)
            for (const [client, n] of sent) pending.set(client, (pending.get(client) ?? 0) + n);
          throw err;
        }
      }
      if (forgottenFor !== start) {
        await options.shared.forget(new Date(start - windowMs));
        forgottenFor = start;
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
