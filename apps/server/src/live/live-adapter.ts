import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { ServerOptions } from 'socket.io';
import type { Logger } from 'pino';
import { POOL_OPTIONS, reportLostConnections } from '../db/connection-loss';

/**
 * Which Socket.IO adapter carries room broadcasts: this process only, or every process on a
 * database (PostgreSQL) or a Redis.
 */
type LiveAdapterKind = 'memory' | 'postgres' | 'redis';

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
 * The pool as the adapter sees it. The adapter takes one connection for LISTEN and never gives it
 * back: when PostgreSQL ends it (a restart, a fail-over), the adapter forgets it and asks for a new
 * one, but the pool would count the dead one for ever, and after as many restarts as the pool is
 * large no broadcast could get a connection. So a connection that ends is given back here, to be
 * dropped. The adapter asks for a connection only to replace the one it listens on, and may ask twice
 * for one loss (LISTEN failing, then the connection ending), each time going on to retry by itself:
 * the newest request replaces every earlier one, given or still waiting, so never two connections
 * listen (every broadcast delivered twice) and never two retry loops run.
 */
function listeningPool(pool: pg.Pool) {
  let current: pg.PoolClient | undefined;
  let latest = 0;
  let closed = false;
  // An answer the adapter never gets: it then neither listens nor tries again.
  const never = () => new Promise<never>(() => {});

  function retire(client: pg.PoolClient) {
    client.removeAllListeners('notification');
    client.removeAllListeners('end');
    client.release();
  }

  return {
    query: pool.query.bind(pool),
    async connect(): Promise<pg.PoolClient> {
      const request = ++latest;
      if (current) retire(current);
      current = undefined;
      // After close the adapter would ask again every few seconds for ever.
      if (closed) return never();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        // Only the newest request's failure makes the adapter try again.
        if (closed || request !== latest) return never();
        throw err;
      }
      if (closed || request !== latest) {
        client.release(true);
        return never();
      }
      // Given back once, whoever asks first (this, the adapter's close, the connection's end), and
      // dropped: a connection that listened is never lent for a query.
      const give = client.release.bind(client);
      let given = false;
      client.release = () => {
        if (given) return;
        given = true;
        give(true);
      };
      client.once('end', () => client.release());
      current = client;
      return client;
    },
    /** Gives back the listening connection, if the adapter has not: the pool ends only once it is. */
    close() {
      closed = true;
      current?.release();
      current = undefined;
    },
  };
}

/**
 * Shares room broadcasts between every server process on one PostgreSQL through LISTEN/NOTIFY.
 * It has a pool of its own so a burst of broadcasts never waits behind the API's queries. When the
 * database goes away the adapter listens again once it is back (every 1 to 3 s it tries); broadcasts
 * made meanwhile reach only this process's own clients.
 */
export function postgresLiveAdapter(options: { databaseUrl: string; logger: Logger }): LiveAdapter {
  const { logger } = options;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4, ...POOL_OPTIONS });
  // A lost connection, the listening one included, must not crash the process.
  reportLostConnections(pool, (err) =>
    logger.warn({ err }, 'live adapter: database connection lost'),
  );
  const listening = listeningPool(pool);
  return {
    kind: 'postgres',
    factory: createAdapter(listening as unknown as pg.Pool, {
      tableName: ATTACHMENTS_TABLE,
      errorHandler: (err) => logger.warn({ err }, 'live adapter error'),
    }),
    close: () => {
      listening.close();
      return pool.end();
    },
  };
}
