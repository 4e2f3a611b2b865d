import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { ServerOptions } from 'socket.io';
import type { Logger } from 'pino';

/**
 * Which Socket.IO adapter carries room broadcasts: this process only, or every process on a
 * database (PostgreSQL) or a Redis.
 */
export type LiveAdapterKind = 'memory' | 'postgres' | 'redis';

/** A Socket.IO adapter ready to plug in, and how to let go of what it holds. */
export type LiveAdapter = {
  kind: LiveAdapterKind;
  /** Passed to Socket.IO's `adapter` option; undefined keeps Socket.IO's in-memory adapter. */
  factory: ServerOptions['adapter'] | undefined;
  close: () => Promise<void>;
};

/** Payloads over PostgreSQL's NOTIFY limit (8000 bytes) travel through this table (migration 0007). */
const ATTACHMENTS_TABLE = 'socket_io_attachments';

/** Broadcasts stay inside this process: the only choice with the embedded database. */
export function memoryLiveAdapter(): LiveAdapter {
  return { kind: 'memory', factory: undefined, close: async () => {} };
}

/**
 * Shares room broadcasts between every server process on one PostgreSQL through LISTEN/NOTIFY.
 * It has a pool of its own so a burst of broadcasts never waits behind the API's queries.
 */
export function postgresLiveAdapter(options: { databaseUrl: string; logger: Logger }): LiveAdapter {
  const { logger } = options;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  // An idle client losing its connection must not crash the process; the adapter reconnects itself.
  pool.on('error', (err) => logger.warn({ err }, 'live adapter: database connection lost'));
  return {
    kind: 'postgres',
    factory: createAdapter(pool, {
      tableName: ATTACHMENTS_TABLE,
      errorHandler: (err) => logger.warn({ err }, 'live adapter error'),
    }),
    close: () => pool.end(),
  };
}
