import { z } from 'zod';
import type { Alert } from './alerts';
import { cityKeySchema, type CityKey } from './cities';
import type { NoticeCreatedEvent } from './notices';
import type { SensorStatus } from './sensors';

/** Socket.IO path of the live gateway. */
export const LIVE_PATH = '/live';

/** Readings of a city room go out at most this often, as the latest value per sensor. */
export const LIVE_BATCH_INTERVAL_MS = 250;

/** The spec's simulated fallback while the live connection is down. */
export const FALLBACK_INTERVAL_MS = 5_000;

/** `subscribe` and `unsubscribe` payloads. */
export const citySubscriptionSchema = z.object({ city: cityKeySchema });
export type CitySubscription = z.infer<typeof citySubscriptionSchema>;

export type LiveReading = { sensorId: string; value: number; unit: string; timestamp: string };

export type ReadingsEvent = { city: CityKey; readings: LiveReading[] };
export type SensorUpdatedEvent = {
  id: string;
  city: CityKey;
  status: SensorStatus;
  metadata: Record<string, unknown>;
};
export type AlertDeletedEvent = { id: string; city: CityKey };
export type StatsEvent = {
  city: CityKey;
  totalSensors: number;
  activeSensors: number;
  alerts: number;
  criticalAlerts: number;
  lastUpdate: string | null;
};

/** Every message the server sends on the live connection. */
export interface ServerToClientEvents {
  readings: (event: ReadingsEvent) => void;
  'alert:created': (alert: Alert) => void;
  'alert:updated': (alert: Alert) => void;
  'alert:deleted': (event: AlertDeletedEvent) => void;
  'sensor:updated': (event: SensorUpdatedEvent) => void;
  stats: (event: StatsEvent) => void;
  /** Sent to every connected client, whatever city it follows. */
  'notice:created': (notice: NoticeCreatedEvent) => void;
}

/** Every message a client sends; the acknowledgement says whether it took effect. */
export interface ClientToServerEvents {
  subscribe: (
    payload: CitySubscription,
    ack?: (result: { ok: boolean; error?: string }) => void,
  ) => void;
  unsubscribe: (
    payload: CitySubscription,
    ack?: (result: { ok: boolean; error?: string }) => void,
  ) => void;
}
