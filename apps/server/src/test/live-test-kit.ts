import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import {
  LIVE_EVENTS,
  LIVE_PATH,
  LIVE_PROTOCOL_VERSION,
  type Alert,
  type CityKey,
  type ClientToServerEvents,
  type LiveEventName,
  type LiveEventPayload,
  type LiveHandshakeAuth,
  type ServerToClientEvents,
} from '@smart-city/shared';
import { io, type Socket } from 'socket.io-client';
import type { AppAuth } from '../auth/app-auth';
import type { DatabaseHandle } from '../db/client';
import type { DomainEvents } from '../live/domain-events';
import type { LiveAdapter } from '../live/live-adapter';
import { createLiveGateway, type LiveGateway } from '../live/live-gateway';
import { LIVE_ROUTES } from '../live-routes';
import type { Services } from '../services';
import {
  createTestApp,
  createTestAuth,
  createTestEvents,
  createTestServices,
  silentLogger,
} from './test-app';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The real HTTP server with the gateway attached, on a free port of 127.0.0.1. */
export type LiveTestServer = {
  url: string;
  app: ReturnType<typeof createTestApp>;
  auth: AppAuth;
  services: Services;
  events: DomainEvents;
  gateway: LiveGateway;
  stop: () => Promise<void>;
};

export async function startLiveTestServer(
  database: DatabaseHandle,
  options: {
    adapter?: LiveAdapter;
    pipelineNow?: () => Date;
    /** ALERT_ON_DELAY, as for the test app; the rules' on-delays by default. */
    alertOnDelay?: 'default' | 'off';
  } = {},
): Promise<LiveTestServer> {
  const { adapter, pipelineNow, alertOnDelay } = options;
  const events = createTestEvents();
  const auth = createTestAuth(database, { events });
  const services = createTestServices(database, { events, pipelineNow, alertOnDelay });
  const app = createTestApp(database, { auth, events, services });
  const httpServer = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const gateway = createLiveGateway({
    httpServer,
    events,
    routes: LIVE_ROUTES,
    resolveCaller: auth.resolveCaller,
    logger: silentLogger,
    adapter,
  });
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    auth,
    services,
    events,
    gateway,
    stop: async () => {
      await gateway.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/**
 * A socket.io client over WebSocket only (as browsers end up), without automatic reconnection. Like
 * the browser it sends this release's protocol version; `protocol: null` sends none, as a script may.
 */
export function liveClient(
  url: string,
  credentials: { cookie?: string; token?: string },
  options: { reconnection?: boolean; protocol?: number | null } = {},
): LiveClient {
  const protocol = options.protocol === undefined ? LIVE_PROTOCOL_VERSION : options.protocol;
  const auth: LiveHandshakeAuth = {};
  if (protocol !== null) auth.protocol = protocol;
  if (credentials.token) auth.token = credentials.token;
  return io(url, {
    path: LIVE_PATH,
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    // Tests reconnect to a server that is up; the default 1 s back-off only protects a real one.
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    forceNew: true,
    extraHeaders: credentials.cookie ? { Cookie: credentials.cookie } : {},
    auth,
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

/** The payload as the contract reads it; a payload off its schema fails the test. */
function checked<K extends LiveEventName>(name: K, payload: unknown): LiveEventPayload<K> {
  const parsed = LIVE_EVENTS[name].safeParse(payload);
  if (!parsed.success) throw new Error(`"${name}" is off the contract: ${parsed.error.message}`);
  return payload as LiveEventPayload<K>;
}

/** The next event `name` within `timeoutMs`, checked against its contract schema. */
export function nextEvent<K extends LiveEventName>(
  client: LiveClient,
  name: K,
  timeoutMs = 2_000,
): Promise<LiveEventPayload<K>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off(name, listener as never);
      reject(new Error(`no ${name} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: unknown) => {
      clearTimeout(timer);
      client.off(name, listener as never);
      try {
        resolve(checked(name, payload));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    client.on(name, listener as never);
  });
}

/**
 * Everything `name` brings during `windowMs`, each checked against its contract schema; for
 * asserting that something did not arrive.
 */
export async function collect<K extends LiveEventName>(
  client: LiveClient,
  name: K,
  windowMs: number,
): Promise<LiveEventPayload<K>[]> {
  const seen: unknown[] = [];
  const listener = (payload: unknown) => seen.push(payload);
  client.on(name, listener as never);
  await new Promise((r) => setTimeout(r, windowMs));
  client.off(name, listener as never);
  return seen.map((payload) => checked(name, payload));
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
    facts: null,
    createdAt: at,
    updatedAt: at,
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    note: null,
    assignee: null,
    assignedAt: null,
    escalatedAt: null,
    severitySince: null,
    shelvedUntil: null,
    shelvedReason: null,
    shelvedBy: null,
    groupId: null,
    suppressed: false,
    chattering: false,
    ...fields,
  };
}
