import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import {
  LIVE_PATH,
  type Alert,
  type CityKey,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@smart-city/shared';
import { io, type Socket } from 'socket.io-client';
import type { AppAuth } from '../auth/app-auth';
import type { DatabaseHandle } from '../db/client';
import { createTestApp, createTestAuth, silentLogger } from '../test/test-app';
import { createDomainEvents, type DomainEvents } from './domain-events';
import type { LiveAdapter } from './live-adapter';
import { createLiveGateway, type LiveGateway } from './live-gateway';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The real HTTP server with the gateway attached, on a free port of 127.0.0.1. */
export type LiveTestServer = {
  url: string;
  app: ReturnType<typeof createTestApp>;
  auth: AppAuth;
  events: DomainEvents;
  gateway: LiveGateway;
  stop: () => Promise<void>;
};

export async function startLiveTestServer(
  database: DatabaseHandle,
  adapter?: LiveAdapter,
): Promise<LiveTestServer> {
  const events = createDomainEvents((err) => {
    throw err;
  });
  const auth = createTestAuth(database, { events });
  const app = createTestApp(database, { auth, events });
  const httpServer = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const gateway = createLiveGateway({
    httpServer,
    events,
    resolveCaller: auth.resolveCaller,
    logger: silentLogger,
    adapter,
  });
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    auth,
    events,
    gateway,
    stop: async () => {
      await gateway.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/** A socket.io client over WebSocket only (as browsers end up), without automatic reconnection. */
export function liveClient(
  url: string,
  credentials: { cookie?: string; token?: string },
  options: { reconnection?: boolean } = {},
): LiveClient {
  return io(url, {
    path: LIVE_PATH,
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    // Tests reconnect to a server that is up; the default 1 s back-off only protects a real one.
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    forceNew: true,
    extraHeaders: credentials.cookie ? { Cookie: credentials.cookie } : {},
    auth: credentials.token ? { token: credentials.token } : {},
  });
}

/** Resolves once connected; rejects with the server's refusal message. */
export function connected(client: LiveClient): Promise<void> {
  return new Promise((resolve, reject) => {
    if (client.connected) return resolve();
    client.once('connect', () => resolve());
    client.once('connect_error', (err) => reject(err));
  });
}

/** The next event `name` within `timeoutMs`. */
export function nextEvent<K extends keyof ServerToClientEvents>(
  client: LiveClient,
  name: K,
  timeoutMs = 2_000,
): Promise<Parameters<ServerToClientEvents[K]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off(name, listener as never);
      reject(new Error(`no ${name} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[K]>[0]) => {
      clearTimeout(timer);
      client.off(name, listener as never);
      resolve(payload);
    };
    client.on(name, listener as never);
  });
}

/** Everything `name` brings during `windowMs`; for asserting that something did not arrive. */
export async function collect<K extends keyof ServerToClientEvents>(
  client: LiveClient,
  name: K,
  windowMs: number,
): Promise<Parameters<ServerToClientEvents[K]>[0][]> {
  const seen: Parameters<ServerToClientEvents[K]>[0][] = [];
  const listener = (payload: Parameters<ServerToClientEvents[K]>[0]) => seen.push(payload);
  client.on(name, listener as never);
  await new Promise((r) => setTimeout(r, windowMs));
  client.off(name, listener as never);
  return seen;
}

export function subscribe(client: LiveClient, city: string) {
  return client.emitWithAck('subscribe', { city: city as CityKey });
}

export function unsubscribe(client: LiveClient, city: string) {
  return client.emitWithAck('unsubscribe', { city: city as CityKey });
}

let alertCounter = 0;

/** An alert as the alerts service would announce it. */
export function sampleAlert(city: CityKey, fields: Partial<Alert> = {}): Alert {
  alertCounter += 1;
  const at = new Date().toISOString();
  return {
    id: `alert-${alertCounter}`,
    title: 'High PM2.5',
    message: 'PM2.5 above the high threshold',
    severity: 'high',
    status: 'open',
    sensorId: null,
    city,
    location: null,
    rule: 'threshold',
    value: 180,
    createdAt: at,
    updatedAt: at,
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    note: null,
    ...fields,
  };
}
