import {
  FALLBACK_INTERVAL_MS,
  LIVE_PATH,
  LIVE_PROTOCOL_MISMATCH,
  LIVE_PROTOCOL_VERSION,
  parseLiveEvent,
} from '@smart-city/shared';
import type {
  ClientToServerEvents,
  LiveHandshakeAuth,
  ServerToClientEvents,
} from '@smart-city/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { fetchAccount } from '../auth/auth-api';
import { addedLiveModules } from './added-live-modules';
import { useAuth } from '../auth/auth-context';
import { useCity } from '../city/city-context';
import { fallbackReadings } from './fallback-readings';
import type { RandomSource } from './fallback-readings';
import type { LiveContext, LiveModule } from './live-module';
import {
  FIRST_CONNECTION_GRACE_MS,
  LiveConnectionContext,
  LiveFallbackContext,
} from './live-state';
import type { ConnectionState, FallbackTick } from './live-state';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** First pause before reconnecting after the server closed the socket; doubles up to the maximum. */
export const SERVER_CLOSE_RETRY_MS = 1_000;
const SERVER_CLOSE_RETRY_MAX_MS = 30_000;
/** A connection that lasted this long was healthy: the next server close starts the pauses afresh. */
const HEALTHY_CONNECTION_MS = 30_000;

/** Hands one checked live message to every module that handles it; one failing handler spares the rest. */
function dispatch(
  modules: readonly LiveModule[],
  name: string,
  payload: unknown,
  context: LiveContext,
): void {
  const event = parseLiveEvent(name, payload);
  if (!event.ok) {
    // A message this page cannot read (a newer server, a broken proxy) is dropped, not applied.
    console.warn('A live message was dropped:', event.reason);
    return;
  }
  for (const module of modules) {
    const handler = module.handlers[event.name] as
      ((payload: unknown, context: LiveContext) => void) | undefined;
    if (!handler) continue;
    try {
      handler(event.payload, context);
    } catch (error) {
      console.error(`The ${module.name} live handler failed on "${event.name}"`, error);
    }
  }
}

/**
 * The real-time connection. It starts disconnected, connects only while someone is signed in
 * and follows the selected city. It keeps only the connection's state: every message goes, checked
 * against the shared contract, to the live modules the app hands it, which patch the query cache.
 * While the connection is down it runs the simulated fallback, so the live figures never freeze.
 */
export function SocketProvider({
  children,
  modules,
  random,
}: {
  children: ReactNode;
  /** What each part of the app does with live events (see `LiveModule`). */
  modules: readonly LiveModule[];
  /** The fallback's random source; tests pass a fixed one, the app leaves the default. */
  random?: RandomSource;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { status, user, refresh } = useAuth();
  const { cityKey } = useCity();
  const userId = status === 'authenticated' ? (user?.id ?? null) : null;
  // Until a first connection succeeds (or takes too long) the page says it is connecting, not that
  // it is offline: a page load is not an outage.
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  // Bumped on every successful (re)connect; the subscription effect runs again for each one.
  const [connectionEpoch, setConnectionEpoch] = useState(0);
  const socketRef = useRef<LiveSocket | null>(null);

  // The socket's handlers outlive renders; they read the newest values through this ref.
  const latest = useRef({ t, refresh, cityKey, modules, queryClient });
  useEffect(() => {
    latest.current = { t, refresh, cityKey, modules, queryClient };
  }, [t, refresh, cityKey, modules, queryClient]);

  // The connection itself: one socket per signed-in person, closed on sign-out or unmount.
  useEffect(() => {
    if (userId === null) return;
    const auth: LiveHandshakeAuth = { protocol: LIVE_PROTOCOL_VERSION };
    const socket: LiveSocket = io({
      path: LIVE_PATH,
      transports: ['websocket', 'polling'],
      withCredentials: true,
      autoConnect: false,
      auth,
    });
    socketRef.current = socket;
    let disposed = false;
    let everConnected = false;
    let outageReported = false;
    let connectedAt = 0;
    let serverCloses = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const slowFirstConnection = setTimeout(() => {
      if (!everConnected) setConnection('disconnected');
    }, FIRST_CONNECTION_GRACE_MS);

    // Reported once per outage: socket.io retries every second or so, and each failed attempt
    // raises connect_error again. The toast is for set-up only; a drop after that shows as the banner.
    const reportFailure = (error: unknown) => {
      if (disposed || outageReported) return;
      outageReported = true;
      // A first attempt that fails is an outage at once, not a slow start.
      setConnection('disconnected');
      console.warn('The real-time connection could not be established', error);
      if (!everConnected) {
        toast.error(latest.current.t('connection.failed'), { id: 'live-connection-failed' });
      }
    };

    socket.on('connect', () => {
      outageReported = false;
      // Only the first connection of a sign-in is announced: automatic reconnects after a network
      // blip would otherwise stack a toast each time, while the header and banner already show it.
      if (!everConnected) {
        toast.success(latest.current.t('connection.established'), { id: 'live-connected' });
      }
      everConnected = true;
      clearTimeout(slowFirstConnection);
      connectedAt = Date.now();
      setConnection('connected');
      setConnectionEpoch((epoch) => epoch + 1);
    });
    socket.on('disconnect', (reason) => {
      setConnection('disconnected');
      if (reason !== 'io server disconnect') return;
      // A server that shuts down (a restart, a deploy) closes its sockets this way, and socket.io
      // then never retries by itself. Try again after a pause that grows if it keeps happening; a
      // refused handshake then tells whether the session itself has ended (see connect_error).
      if (Date.now() - connectedAt >= HEALTHY_CONNECTION_MS) serverCloses = 0;
      const delay = Math.min(SERVER_CLOSE_RETRY_MS * 2 ** serverCloses, SERVER_CLOSE_RETRY_MAX_MS);
      serverCloses += 1;
      retryTimer = setTimeout(() => socket.connect(), delay);
    });
    socket.on('connect_error', (error) => {
      if (error.message === LIVE_PROTOCOL_MISMATCH) {
        // The server speaks a newer protocol: retrying cannot help, only loading the new app can.
        console.warn('The live protocol of this page is out of date; a reload is needed');
        setConnection('outdated');
        return;
      }
      if (socket.active) {
        reportFailure(error);
        return;
      }
      // The server refused the handshake, so socket.io will not retry. Usually the session has
      // ended: then the auth provider signs out (and this socket closes) instead of showing a failure.
      fetchAccount().then(
        (account) => {
          if (account) reportFailure(error);
          else void latest.current.refresh();
        },
        () => reportFailure(error),
      );
    });
    socket.onAny((name: string, payload: unknown) => {
      const { modules: given, queryClient: client, cityKey: city } = latest.current;
      const current = [...given, ...addedLiveModules()];
      dispatch(current, name, payload, { queryClient: client, city });
    });

    socket.connect();
    return () => {
      // A sign-out closes the socket on purpose: no handler runs, so nothing is logged as a failure.
      disposed = true;
      clearTimeout(retryTimer);
      clearTimeout(slowFirstConnection);
      socket.removeAllListeners();
      socket.offAny();
      socket.disconnect();
      socketRef.current = null;
      // The next sign-in starts with a first connection again.
      setConnection('connecting');
      const { modules: given, queryClient: client } = latest.current;
      const current = [...given, ...addedLiveModules()];
      for (const module of current) module.forget?.(client);
    };
  }, [userId]);

  // On every (re)connect and every city change: subscribe to the city, and once the server has
  // acknowledged it, let each module fetch again what it may have missed. The server forgets a
  // socket's rooms when it drops and does not replay what happened meanwhile, so this fetch is the
  // only way not to miss an alert. Events that arrive while it runs are applied on top of its answer
  // (see patchQuery), so nothing falls between the fetch and the first event.
  const lastEpoch = useRef(0);
  useEffect(() => {
    const socket = socketRef.current;
    if (!socket?.connected || connectionEpoch === 0) return;
    const reason = lastEpoch.current === connectionEpoch ? 'city' : 'connect';
    lastEpoch.current = connectionEpoch;
    const subscribedOn = socket.id;
    let cancelled = false;
    socket.emit('subscribe', { city: cityKey }, (result) => {
      if (!result.ok) console.warn(`Subscribing to ${cityKey} was refused`, result.error);
      if (cancelled) return;
      const { modules: given, queryClient: client } = latest.current;
      const current = [...given, ...addedLiveModules()];
      for (const module of current) module.resync?.({ queryClient: client, city: cityKey, reason });
    });
    return () => {
      cancelled = true;
      // After a reconnect the server has already forgotten the old subscription.
      if (socket.connected && socket.id === subscribedOn) {
        socket.emit('unsubscribe', { city: cityKey });
      }
    };
  }, [connectionEpoch, cityKey]);

  const fallback = useFallback(
    userId !== null && (connection === 'disconnected' || connection === 'outdated'),
    random,
  );

  return (
    <LiveConnectionContext value={connection}>
      <LiveFallbackContext value={fallback}>{children}</LiveFallbackContext>
    </LiveConnectionContext>
  );
}

/** The simulated fallback: a tick every FALLBACK_INTERVAL_MS while `running`, else null. */
function useFallback(running: boolean, random: RandomSource | undefined): FallbackTick | null {
  const [tick, setTick] = useState<FallbackTick | null>(null);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setTick({ sensors: fallbackReadings(random), at: new Date().toISOString() });
    }, FALLBACK_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      // The simulated values go the moment the connection is back.
      setTick(null);
    };
  }, [running, random]);
  return running ? tick : null;
}
