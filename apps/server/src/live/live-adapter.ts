import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Logger } from 'pino';

/** Which Socket.IO adapter carries room broadcasts: this process only, or every process on a database. */
export type LiveAdapterKind = 'memory' | 'postgres';

/** A Socket.IO adapter ready to plug in, and how to let go of what it holds. */
export type LiveAdapter = {
  kind: LiveAdapterKind;
  /** Passed to Socket.IO's `adapter` option; undefined keeps Socket.IO's in-memory adapter. */
  factory: ReturnType<typeof createAdapter> | undefined;
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
  // The adapter takes its LISTEN connection in the background and retries on its own: a process
  // stopped while that is under way would keep the connection checked out and the pool from ending.
  // After close, a connection it asks for never comes (so it stops retrying), and one that arrives
  // late goes back at once.
  let closed = false;
  const checkedOut = new Set<pg.PoolClient>();
  const never = () => new Promise<never>(() => {});
  const adapterPool = {
    query: pool.query.bind(pool),
    connect: async () => {
      if (closed) return never();
      const client = await pool.connect();
      if (closed) {
        client.release();
        return never();
      }
      checkedOut.add(client);
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => {
        checkedOut.delete(client);
        release(err);
      };
      return client;
    },
  } as unknown as pg.Pool;
  return {
    kind: 'postgres',
    factory: createAdapter(adapterPool, {
      tableName: ATTACHMENTS_TABLE,
      errorHandler: (err) => logger.warn({ err }, 'live adapter error'),
    }),
    close: async () => {
      closed = true;
      // Whatever the adapter still holds (it took it while being closed) is ended, not awaited.
      for (const client of checkedOut) client.release(true);
      await pool.end();
    },
  };
}
