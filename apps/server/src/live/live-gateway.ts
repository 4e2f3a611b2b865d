import type { ServerType } from '@hono/node-server';
import {
  citySubscriptionSchema,
  LIVE_BATCH_INTERVAL_MS,
  LIVE_PATH,
  type CityKey,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@smart-city/shared';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { CallerResolver, CurrentUser } from '../auth/request-auth';
import { HttpError } from '../http/errors';
import type { DomainEvents } from './domain-events';
import { memoryLiveAdapter, type LiveAdapter } from './live-adapter';
import { createReadingsBatcher } from './readings-batcher';

/** A connection may follow at most this many cities at once. */
export const MAX_CITY_SUBSCRIPTIONS = 3;

/** The refusal every failed handshake gets, whatever the reason, so probing learns nothing. */
export const UNAUTHORIZED = 'unauthorized';

type SocketData = { caller: CurrentUser };
type LiveServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type LiveSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type Ack = (result: { ok: boolean; error?: string }) => void;

export type LiveGateway = {
  /** Ends every connection of a user, in every process (after sign-out or a ban). */
  disconnectUser: (userId: string) => void;
  /** How many connections this process holds. */
  connectionCount: () => number;
  /** Stops forwarding events, closes every connection and the adapter; leaves the HTTP server be. */
  close: () => Promise<void>;
};

const cityRoom = (city: CityKey) => `city:${city}`;
const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Socket.IO on the HTTP server at `LIVE_PATH`: authenticates each handshake once, lets clients
 * follow cities, and forwards domain events to the room of their city (readings batched).
 */
export function createLiveGateway(deps: {
  httpServer: ServerType;
  events: DomainEvents;
  resolveCaller: CallerResolver;
  logger: Logger;
  adapter?: LiveAdapter;
}): LiveGateway {
  const { events, resolveCaller, logger } = deps;
  const adapter = deps.adapter ?? memoryLiveAdapter();
  const io: LiveServer = new Server(deps.httpServer, {
    path: LIVE_PATH,
    serveClient: false,
    adapter: adapter.factory,
  });

  io.use((socket, next) => {
    authenticate(socket, resolveCaller).then(
      (caller) => {
        if (!caller) return next(new Error(UNAUTHORIZED));
        socket.data.caller = caller;
        next();
      },
      (err: unknown) => {
        // A rejected bearer token lands here too; anything else is worth a look in the log.
        if (!(err instanceof HttpError && err.status === 401))
          logger.warn({ err }, 'live handshake failed');
        next(new Error(UNAUTHORIZED));
      },
    );
  });

  io.on('connection', (socket) => {
    const { caller } = socket.data;
    void socket.join(userRoom(caller.id));
    if (caller.sessionId) void socket.join(sessionRoom(caller.sessionId));
    logger.debug({ userId: caller.id, socketId: socket.id }, 'live connection');

    socket.on('subscribe', (payload, ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => {};
      const parsed = citySubscriptionSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, error: 'unknown city' });
      const room = cityRoom(parsed.data.city);
      if (!socket.rooms.has(room) && subscribedCities(socket) >= MAX_CITY_SUBSCRIPTIONS) {
        return reply({
          ok: false,
          error: `at most ${MAX_CITY_SUBSCRIPTIONS} cities can be followed at once`,
        });
      }
      void socket.join(room);
      reply({ ok: true });
    });

    socket.on('unsubscribe', (payload, ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => {};
      const parsed = citySubscriptionSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, error: 'unknown city' });
      void socket.leave(cityRoom(parsed.data.city));
      reply({ ok: true });
    });
  });

  const batcher = createReadingsBatcher({
    intervalMs: LIVE_BATCH_INTERVAL_MS,
    flush: (event) => io.to(cityRoom(event.city)).emit('readings', event),
    onError: (err) => logger.error({ err }, 'live readings flush failed'),
  });

  const stopListening = [
    events.on('readings.stored', (event) => batcher.add(event)),
    events.on('alert.created', (alert) => io.to(cityRoom(alert.city)).emit('alert:created', alert)),
    events.on('alert.updated', (alert) => io.to(cityRoom(alert.city)).emit('alert:updated', alert)),
    events.on('alert.deleted', (event) => io.to(cityRoom(event.city)).emit('alert:deleted', event)),
    events.on('sensor.updated', (event) =>
      io.to(cityRoom(event.city)).emit('sensor:updated', event),
    ),
    events.on('stats.changed', (event) => io.to(cityRoom(event.city)).emit('stats', event)),
    // Every connection belongs to a signed-in person, and notices are for the whole city.
    events.on('notice.created', (notice) => io.emit('notice:created', notice)),
    // Through the adapter, so a sign-out handled by one process ends connections held by another.
    events.on('session.ended', ({ sessionId }) =>
      io.in(sessionRoom(sessionId)).disconnectSockets(true),
    ),
    events.on('account.suspended', ({ userId }) => io.in(userRoom(userId)).disconnectSockets(true)),
  ];

  let closing: Promise<void> | undefined;
  async function close() {
    for (const stop of stopListening) stop();
    batcher.stop();
    io.local.disconnectSockets(true);
    io.engine.close();
    // Releases the adapter's LISTEN connection before its pool is ended.
    await io.of('/').adapter.close();
    await adapter.close();
  }

  return {
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    connectionCount: () => io.engine.clientsCount,
    close: () => (closing ??= close()),
  };
}

function subscribedCities(socket: LiveSocket): number {
  let count = 0;
  for (const room of socket.rooms) if (room.startsWith('city:')) count++;
  return count;
}

/** The caller behind a handshake: its cookies, or `auth.token` read as a bearer JWT. */
function authenticate(socket: LiveSocket, resolveCaller: CallerResolver) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(socket.handshake.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const token: unknown = (socket.handshake.auth as { token?: unknown }).token;
  if (token !== undefined && token !== null && token !== '') {
    if (typeof token !== 'string') return Promise.resolve(null);
    headers.set('authorization', `Bearer ${token}`);
  }
  return resolveCaller(headers);
}
