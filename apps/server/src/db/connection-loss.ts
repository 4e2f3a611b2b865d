import type pg from 'pg';

/**
 * How long a query waits for a connection before it fails: a database that is away (a restart, a
 * fail-over) must cost a caller a prompt 503, not a request that hangs while callers pile up.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** What a caller is told to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

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

/**
 * SQLSTATEs that mean the database cannot serve now, though nothing is wrong with the request:
 * class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down).
 */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** Socket errors of a connection to the database that is refused, cut or unreachable. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What pg and pg-pool say when a connection ends under a query or cannot be had in time. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/**
 * Whether `err` says the database is away (restarting, failing over, unreachable) rather than that
 * the request or the code is wrong: the caller is told to come back, not that the server failed.
 * Looks through wrapped errors (`cause`) and Node's AggregateError of several connect attempts.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
