import { FALLBACK_INTERVAL_MS, LIVE_PATH } from '@smart-city/shared';
import type {
  Alert,
  ClientToServerEvents,
  NotificationPreferences,
  ServerToClientEvents,
} from '@smart-city/shared';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { fetchAccount } from '../auth/auth-api';
import { useAuth } from '../auth/auth-context';
import { toastKindFor } from './alert-preferences';
import { useNotificationPreferences } from '../auth/preferences-query';
import { receiveNotice } from '../notices/notices-store';
import { useCity } from '../city/city-context';
import { FALLBACK_STATS, fallbackReadings } from './fallback-readings';
import type { RandomSource } from './fallback-readings';
import {
  initialLiveData,
  liveReducer,
  selectActiveAlerts,
  selectCriticalAlertCount,
} from './live-reducer';
import type { LiveAction } from './live-reducer';
import { fetchLiveSnapshot } from './live-snapshot';
import { SocketContext, UNAVAILABLE_SOCKET_METHODS } from './live-state';
import type { LiveState } from './live-state';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** First pause before reconnecting after the server closed the socket; doubles up to the maximum. */
export const SERVER_CLOSE_RETRY_MS = 1_000;
const SERVER_CLOSE_RETRY_MAX_MS = 30_000;
/** A connection that lasted this long was healthy: the next server close starts the pauses afresh. */
const HEALTHY_CONNECTION_MS = 30_000;

/** The toast for a new alert of the city on screen, if its severity calls for one and the person wants it. */
function alertToast(
  alert: Alert,
  preferences: NotificationPreferences,
  t: (key: 'liveAlerts.critical' | 'liveAlerts.high', options: { title: string }) => string,
): string | null {
  const kind = toastKindFor(alert, preferences);
  return kind === null ? null : t(`liveAlerts.${kind}`, { title: alert.title });
}

/**
 * The spec's real-time connection. It starts disconnected, connects only while someone is signed in,
 * follows the selected city, and keeps the live state of that city; while the connection is down it
 * runs the spec's simulated fallback instead.
 */
export function SocketProvider({
  children,
  random,
}: {
  children: ReactNode;
  /** The fallback's random source; tests pass a fixed one, the app leaves the default. */
  random?: RandomSource;
}) {
  const { t } = useTranslation();
  const { status, user, refresh } = useAuth();
  const { cityKey } = useCity();
  const userId = status === 'authenticated' ? (user?.id ?? null) : null;
  const [data, dispatch] = useReducer(liveReducer, initialLiveData);
  // Bumped on every successful (re)connect; the snapshot effect runs again for each one.
  const [connectionEpoch, setConnectionEpoch] = useState(0);
  const socketRef = useRef<LiveSocket | null>(null);
  // Events that arrive while a snapshot is loading wait here (see the snapshot effect).
  const queue = useRef<LiveAction[] | null>(null);

  const preferences = useNotificationPreferences(userId !== null);
  // The socket's handlers outlive renders; they read the newest values through this ref.
  const latest = useRef({ t, refresh, cityKey, preferences });
  useEffect(() => {
    latest.current = { t, refresh, cityKey, preferences };
  }, [t, refresh, cityKey, preferences]);

  // The connection itself: one socket per signed-in person, closed on sign-out or unmount.
  useEffect(() => {
    if (userId === null) return;
    const socket: LiveSocket = io({
      path: LIVE_PATH,
      transports: ['websocket', 'polling'],
      withCredentials: true,
      autoConnect: false,
    });
    socketRef.current = socket;
    let disposed = false;
    let everConnected = false;
    let outageReported = false;
    let connectedAt = 0;
    let serverCloses = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const deliver = (action: LiveAction) => {
      if (queue.current) queue.current.push(action);
      else dispatch(action);
    };

    // Reported once per outage: socket.io retries every second or so, and each failed attempt
    // raises connect_error again. The toast is for set-up only; a drop after that shows as the banner.
    const reportFailure = (error: unknown) => {
      if (disposed || outageReported) return;
      outageReported = true;
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
      connectedAt = Date.now();
      queue.current = [];
      dispatch({ type: 'connection', connection: 'connected' });
      setConnectionEpoch((epoch) => epoch + 1);
    });
    socket.on('disconnect', (reason) => {
      dispatch({ type: 'connection', connection: 'disconnected' });
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

    socket.on('readings', (event) =>
      deliver({ type: 'readings', city: event.city, readings: event.readings }),
    );
    socket.on('alert:created', (alert) => {
      const { preferences, cityKey: city, t: translate } = latest.current;
      const message = alert.city === city ? alertToast(alert, preferences, translate) : null;
      if (message) toast.error(message, { id: `alert-${alert.id}` });
      deliver({ type: 'alert-created', alert });
    });
    socket.on('alert:updated', (alert) => deliver({ type: 'alert-updated', alert }));
    socket.on('alert:deleted', (event) =>
      deliver({ type: 'alert-deleted', city: event.city, id: event.id }),
    );
    socket.on('sensor:updated', (event) =>
      deliver({
        type: 'sensor-updated',
        city: event.city,
        id: event.id,
        status: event.status,
        metadata: event.metadata,
      }),
    );
    socket.on('stats', ({ city, ...stats }) => deliver({ type: 'stats', city, stats }));
    socket.on('notice:created', (notice) => {
      // Notices are for everyone, whatever city is on screen; the cache feeds the list and the card.
      receiveNotice(notice);
      if (latest.current.preferences.notices) {
        toast(latest.current.t('notices.published', { title: notice.title }), {
          id: `notice-${notice.id}`,
        });
      }
    });

    socket.connect();
    return () => {
      // A sign-out closes the socket on purpose: no handler runs, so nothing is logged as a failure.
      disposed = true;
      clearTimeout(retryTimer);
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      queue.current = null;
      dispatch({ type: 'reset' });
    };
  }, [userId]);

  // On every (re)connect and every city change: subscribe, then load the city over HTTP, then apply
  // what arrived meanwhile. The server forgets a socket's rooms when it drops, and it does not replay
  // what happened while the socket was away, so the snapshot is the only way not to miss an alert.
  // Subscribing first and queueing means nothing falls between the snapshot and the first event:
  // an event that lands before the snapshot answers would be overwritten by it, so it waits and is
  // applied on top (the reducer keeps replays harmless: by id for alerts, by time for readings).
  useEffect(() => {
    const socket = socketRef.current;
    if (!socket?.connected || connectionEpoch === 0) return;
    const controller = new AbortController();
    const subscribedOn = socket.id;
    queue.current ??= [];
    socket.emit('subscribe', { city: cityKey }, (result) => {
      if (!result.ok) console.warn(`Subscribing to ${cityKey} was refused`, result.error);
    });
    fetchLiveSnapshot(cityKey, controller.signal)
      .then((snapshot) => {
        if (!controller.signal.aborted) dispatch({ type: 'snapshot', city: cityKey, ...snapshot });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          console.warn('The live snapshot could not be loaded', error);
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        const waiting = queue.current ?? [];
        queue.current = null;
        waiting.forEach(dispatch);
      });
    return () => {
      controller.abort();
      // After a reconnect the server has already forgotten the old subscription.
      if (socket.connected && socket.id === subscribedOn) {
        socket.emit('unsubscribe', { city: cityKey });
      }
    };
  }, [connectionEpoch, cityKey]);

  // The spec's simulated fallback, only while signed in and the connection is down.
  const fallbackRunning = userId !== null && data.connection !== 'connected';
  useEffect(() => {
    if (!fallbackRunning) return;
    const timer = setInterval(() => {
      dispatch({
        type: 'fallback-tick',
        sensors: fallbackReadings(random),
        stats: FALLBACK_STATS,
        at: new Date().toISOString(),
      });
    }, FALLBACK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [fallbackRunning, random]);

  const value = useMemo<LiveState>(
    () => ({
      ...data,
      isConnected: data.connection === 'connected',
      activeAlerts: selectActiveAlerts(data),
      criticalAlertCount: selectCriticalAlertCount(data),
      ...UNAVAILABLE_SOCKET_METHODS,
    }),
    [data],
  );
  return <SocketContext value={value}>{children}</SocketContext>;
}
