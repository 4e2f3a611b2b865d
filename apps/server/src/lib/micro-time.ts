/** An instant in microseconds since the epoch as ISO 8601 with six decimals, as PostgreSQL keeps it. */
export function isoFromMicros(micros: number): string {
  const whole = Math.floor(micros);
  const ms = Math.floor(whole / 1000);
  const extra = String(whole - ms * 1000).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${extra}Z`);
}

/**
 * Stamps readings sent without a time as they arrive. A reading is its sensor and its time, so two
 * that arrive within one millisecond must not share one: the stamps are microseconds, and each is
 * later than the one before. `nowMs` may have a fraction (performance.now does).
 */
export function createArrivalClock(
  nowMs: () => number = () => performance.timeOrigin + performance.now(),
): () => string {
  let last = 0;
  return () => {
    let micros = Math.floor(nowMs() * 1000);
    if (micros <= last) micros = last + 1;
    last = micros;
    return isoFromMicros(micros);
  };
}
