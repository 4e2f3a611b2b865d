import { z } from 'zod';
import { alertCommentSchema } from './alert-comments';
import { alertGroupEventSchema } from './alert-groups';
import { alertDeletedEventSchema, alertSchema } from './alerts';
import { analyticsUpdatedEventSchema } from './analytics';
import { cityKeySchema } from './cities';
import { ledgerAppendedEventSchema } from './ledger';
import { bookingEventSchema } from './bookings';
import { noticeCreatedEventSchema } from './notices';
import { notificationReadEventSchema, notificationSchema } from './notifications';
import { reportUpdatedEventSchema } from './reports';
import { readingsEventSchema } from './readings';
import { sensorUpdatedEventSchema } from './sensors';
import { statsEventSchema } from './stats';

/** Socket.IO path of the live gateway. */
export const LIVE_PATH = '/live';

/**
 * The version of the live protocol: the event names and payloads below. A browser sends it in the
 * handshake (`auth.protocol`); a server on another version refuses the handshake with
 * LIVE_PROTOCOL_MISMATCH, and the page asks its reader to reload. A client that sends no version
 * (a script written against the documented events) is let in.
 */
export const LIVE_PROTOCOL_VERSION = 5;

/** The handshake refusal a client on another protocol version gets. */
export const LIVE_PROTOCOL_MISMATCH = 'protocol_mismatch';

/** Readings of a city room go out at most this often, as the latest value per sensor. */
export const LIVE_BATCH_INTERVAL_MS = 250;

/** How often the simulated fallback ticks while the live connection is down. */
export const FALLBACK_INTERVAL_MS = 5_000;

/** `subscribe` and `unsubscribe` payloads. */
export const citySubscriptionSchema = z.object({ city: cityKeySchema });
export type CitySubscription = z.infer<typeof citySubscriptionSchema>;

/**
 * Every message the server sends on the live connection, by name, with its payload's schema. The
 * name is the same on the server's event bus and on the wire; a feature that adds an event adds it
 * here (`<feature>:<verb>`), and the client validates every message against its schema.
 */
export const LIVE_EVENTS = {
  readings: readingsEventSchema,
  'sensor:updated': sensorUpdatedEventSchema,
  'alert:created': alertSchema,
  'alert:updated': alertSchema,
  'alert:deleted': alertDeletedEventSchema,
  /**
   * A flood group was made, gained alerts, or was acknowledged or resolved: sent to the followers
   * of its city (operators only for groups of alerts only they act on). Its members' own changes
   * are not sent one by one.
   */
  'alertGroup:updated': alertGroupEventSchema,
  stats: statsEventSchema,
  'analytics:updated': analyticsUpdatedEventSchema,
  /** Sent to every connected client, whatever city it follows. */
  'notice:created': noticeCreatedEventSchema,
  /** Sent to every connected client: the ledger is the whole city's. */
  'ledger:appended': ledgerAppendedEventSchema,
  /** Sent to the person who booked and to the operations staff following the booking's city. */
  'booking:created': bookingEventSchema,
  'booking:updated': bookingEventSchema,
  /** Sent to the operators and admins following the alert's city; citizens never see the thread. */
  'comment:created': alertCommentSchema,
  /** Sent to every connection of the person notified, whatever city they follow. */
  'notification:created': notificationSchema,
  'notification:read': notificationReadEventSchema,
  /** Sent to the followers of the report's city, at most once a second with the reports gathered. */
  'report:updated': reportUpdatedEventSchema,
} as const;

export type LiveEventName = keyof typeof LIVE_EVENTS;
export type LiveEventPayload<K extends LiveEventName> = z.infer<(typeof LIVE_EVENTS)[K]>;

export const LIVE_EVENT_NAMES = Object.keys(LIVE_EVENTS) as LiveEventName[];

/** Whether a message name is one of the live events. */
export function isLiveEventName(name: string): name is LiveEventName {
  return Object.hasOwn(LIVE_EVENTS, name);
}

/** A live message checked against the contract. */
export type ParsedLiveEvent =
  | { [K in LiveEventName]: { ok: true; name: K; payload: LiveEventPayload<K> } }[LiveEventName]
  | { ok: false; reason: string };

/** Checks a received message: an unknown name or a payload off its schema is refused with the reason. */
export function parseLiveEvent(name: string, payload: unknown): ParsedLiveEvent {
  if (!isLiveEventName(name)) return { ok: false, reason: `unknown live event "${name}"` };
  const parsed = LIVE_EVENTS[name].safeParse(payload);
  if (!parsed.success) {
    return { ok: false, reason: `"${name}" does not match the contract: ${parsed.error.message}` };
  }
  return { ok: true, name, payload: parsed.data } as ParsedLiveEvent;
}

/** Every message the server sends on the live connection (Socket.IO's typed events). */
export type ServerToClientEvents = {
  [K in LiveEventName]: (payload: LiveEventPayload<K>) => void;
};

/** What a subscribe or unsubscribe acknowledgement says. */
export type SubscriptionResult = { ok: boolean; error?: string };

/** Every message a client sends; the acknowledgement says whether it took effect. */
export interface ClientToServerEvents {
  subscribe: (payload: CitySubscription, ack?: (result: SubscriptionResult) => void) => void;
  unsubscribe: (payload: CitySubscription, ack?: (result: SubscriptionResult) => void) => void;
}

/** What a browser puts in the handshake's `auth`. */
export type LiveHandshakeAuth = { protocol?: number; token?: string };
