import type pg from 'pg';

/**
 * How long a query waits for a connection before it fails: a database that is away (a restart, a
 * fail-over) must cost a caller a prompt error, not a request that hangs while callers pile up.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Options every pool to PostgreSQL is opened with, beside its URL and size. */
export const POOL_OPTIONS = {
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  // A fail-over can leave a connection dead without a word from the other end (a LISTEN connection
  // would otherwise wait for notifications forever); keep-alive probes find it.
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} satisfies pg.PoolConfig;

/**
 * Gives every connection of `pool` an `error` listener for its whole life. pg-pool listens only while
 * a connection is idle: one that PostgreSQL ends while it is checked out (inside a transaction, or
 * holding LISTEN) emits an `error` that nobody hears, and an unheard `error` ends the process.
 * Each lost connection is reported once.
 */
export function reportLostConnections(pool: pg.Pool, onLost: (err: Error) => void): void {
  // The pool repeats an idle connection's error; the connection's own listener below reports it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (err) => {
      // After the server's "terminating connection" pg reports the closed socket as well.
      if (reported) return;
      reported = true;
      onLost(err);
    });
  });
}
