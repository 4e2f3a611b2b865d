import type { ServerType } from '@hono/node-server';
import {
  citySubscriptionSchema,
  LIVE_PATH,
  LIVE_PROTOCOL_MISMATCH,
  LIVE_PROTOCOL_VERSION,
  type CityKey,
  type ClientToServerEvents,
  type LiveEventName,
  type LiveHandshakeAuth,
  type Role,
  type ServerToClientEvents,
  type SubscriptionResult,
} from '@smart-city/shared';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { CallerResolver, CurrentUser } from '../auth/request-auth';
import { HttpError } from '../http/errors';
import type { Metrics } from '../metrics/metrics';
import type { DomainEvents } from './domain-events';
import { memoryLiveAdapter, type LiveAdapter } from './live-adapter';
import { createLiveCoalescer } from './live-coalescer';
import type { LiveAudience, LiveBatch, LiveRoute } from './live-route';

/** A connection may follow at most this many cities at once. */
const MAX_CITY_SUBSCRIPTIONS = 3;

/** The refusal every failed handshake gets, whatever the reason, so probing learns nothing. */
const UNAUTHORIZED = 'unauthorized';

type SocketData = { caller: CurrentUser };
/** What one process tells the others: the events of a coalesced route it gathered. */
type InterServerEvents = {
  'live:gathered': (message: { event: LiveEventName; payload: unknown }) => void;
};
type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * How long a process gathers a coalesced route's events before passing them to the other
 * processes: short beside the viewers' interval, so a value read on another process is hardly older
 * on screen, yet a flood of small events crosses as a few messages.
 */
const PEER_GATHER_MS = 50;
type Ack = (result: SubscriptionResult) => void;

export type LiveGateway = {
  /** Ends every connection of a user, in every process (after sign-out or a ban). */
  disconnectUser: (userId: string) => void;
  /** How many connections this process holds. */
  connectionCount: () => number;
  /** How many city rooms have a follower in this process. */
  cityRoomCount: () => number;
  /** Stops forwarding events, closes every connection and the adapter; leaves the HTTP server be. */
  close: () => Promise<void>;
};

const cityRoom = (city: CityKey) => `city:${city}`;
// Not under the city: prefix, which counts a connection's followed cities.
const cityRoleRoom = (city: CityKey, role: Role) => `role:${role}:city:${city}`;
const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The rooms of some audiences, or null when one of them is every connection. */
function roomsOf(audience: LiveAudience | readonly LiveAudience[]): string[] | null {
  const rooms: string[] = [];
  // Array.isArray does not narrow a readonly array.
  const audiences = (Array.isArray(audience) ? audience : [audience]) as readonly LiveAudience[];
  for (const one of audiences) {
    if (one === 'everyone') return null;
    if ('user' in one) rooms.push(userRoom(one.user));
    else if ('roles' in one) rooms.push(...one.roles.map((role) => cityRoleRoom(one.city, role)));
    else rooms.push(cityRoom(one.city));
  }
  return rooms;
}

const audienceKey = (audience: LiveAudience | readonly LiveAudience[]) =>
  roomsOf(audience)?.sort().join(' ') ?? 'everyone';

/** A route as forwarding sees it: its declaration already tied the payload to the event. */
type ForwardedRoute = {
  event: LiveEventName;
  audience(payload: unknown): LiveAudience | readonly LiveAudience[];
  coalesce?: { intervalMs: number; batch(): LiveBatch<unknown> };
};

/**
 * Socket.IO on the HTTP server at `LIVE_PATH`: checks each handshake's protocol version and caller
 * once, lets clients follow cities, forwards each route's event from the bus to its audience, and
 * ends connections whose access ended. What an event is and who gets it belongs to its feature.
 */
export function createLiveGateway(deps: {
  httpServer: ServerType;
  events: DomainEvents;
  routes: readonly LiveRoute[];
  resolveCaller: CallerResolver;
  logger: Logger;
  metrics?: Metrics;
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
    // Before authentication: a page from another release must reload whoever the caller is.
    const { protocol } = socket.handshake.auth as LiveHandshakeAuth;
    if (protocol !== undefined && protocol !== LIVE_PROTOCOL_VERSION) {
      return next(
        Object.assign(new Error(LIVE_PROTOCOL_MISMATCH), {
          data: { protocol: LIVE_PROTOCOL_VERSION },
        }),
      );
    }
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
      // The role is the one of the handshake: a changed role applies from the next connection.
      void socket.join([room, cityRoleRoom(parsed.data.city, caller.role)]);
      reply({ ok: true });
    });

    socket.on('unsubscribe', (payload, ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => {};
      const parsed = citySubscriptionSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, error: 'unknown city' });
      void socket.leave(cityRoom(parsed.data.city));
      void socket.leave(cityRoleRoom(parsed.data.city, caller.role));
      reply({ ok: true });
    });
  });

  /**
   * Sends one event to its audience: through the adapter to every process's connections, or with
   * `local` to this process's only.
   */
  function deliver(
    event: LiveEventName,
    audience: LiveAudience | readonly LiveAudience[],
    payload: unknown,
    local = false,
  ) {
    const rooms = roomsOf(audience);
    if (rooms !== null && rooms.length === 0) return;
    const all = local ? io.local : io;
    const target = rooms === null ? all : all.to(rooms);
    // The route's declaration tied the payload to its event; the typed emit cannot see that here.
    target.emit(event, payload as never);
    deps.metrics?.liveMessages.inc({ event });
  }

  const clustered = adapter.kind !== 'memory';
  /** Per coalesced event, what to do with the payloads another process gathered. */
  const fromPeers = new Map<LiveEventName, (payload: unknown) => void>();
  if (clustered)
    io.on('live:gathered', ({ event, payload }) => {
      try {
        fromPeers.get(event)?.(payload);
      } catch (err) {
        logger.error({ err, event }, 'live event from another process not taken');
      }
    });

  /**
   * Subscribes one route to the bus; the returned function unsubscribes it.
   *
   * A coalesced route gathers the events of every process before it writes to a connection, so a
   * viewer gets one message per interval however many processes there are, each carrying what all
   * of them stored: a process writes to its own connections only and passes what it gathered to
   * the others every PEER_GATHER_MS. Sending each process's batch through the adapter instead would
   * give every viewer one message per interval per process: with N processes N times the writes,
   * which are what a process with thousands of connections spends its time on.
   */
  function forward(route: ForwardedRoute): () => void {
    const send = (payload: unknown) => deliver(route.event, route.audience(payload), payload);
    const { coalesce } = route;
    if (!coalesce) return events.on(route.event, send);
    const onError = (err: unknown) =>
      logger.error({ err, event: route.event }, 'live flush failed');
    const viewers = createLiveCoalescer({
      ...coalesce,
      send: (payload) => deliver(route.event, route.audience(payload), payload, clustered),
      onError,
    });
    const peers = clustered
      ? createLiveCoalescer({
          intervalMs: PEER_GATHER_MS,
          batch: () => coalesce.batch(),
          send: (payload) => io.serverSideEmit('live:gathered', { event: route.event, payload }),
          onError,
        })
      : null;
    const gather = (payload: unknown) => viewers.add(audienceKey(route.audience(payload)), payload);
    fromPeers.set(route.event, gather);
    const off = events.on(route.event, (payload) => {
      gather(payload);
      peers?.add(audienceKey(route.audience(payload)), payload);
    });
    return () => {
      off();
      fromPeers.delete(route.event);
      viewers.stop();
      peers?.stop();
    };
  }

  const stopListening = [
    ...deps.routes.map(forward),
    // Through the adapter, so a sign-out handled by one process ends connections held by another.
    events.on('session:ended', ({ sessionId }) =>
      io.in(sessionRoom(sessionId)).disconnectSockets(true),
    ),
    events.on('account:suspended', ({ userId }) => io.in(userRoom(userId)).disconnectSockets(true)),
  ];

  let closing: Promise<void> | undefined;
  async function close() {
    for (const stop of stopListening) stop();
    io.local.disconnectSockets(true);
    io.engine.close();
    // Releases the adapter's LISTEN connection before its pool is ended.
    await io.of('/').adapter.close();
    await adapter.close();
  }

  return {
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    connectionCount: () => io.engine.clientsCount,
    cityRoomCount: () => {
      let count = 0;
      for (const room of io.of('/').adapter.rooms.keys()) if (room.startsWith('city:')) count++;
      return count;
    },
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
