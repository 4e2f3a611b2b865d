import { MAX_INGEST_BATCH, readingInputSchema, type ReadingInput } from '@smart-city/shared';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { IngestRejected, type IngestService } from './ingest.service';

/** Topics are `<prefix>/<city>/sensors/<sensorId>/readings`. */
export const DEFAULT_TOPIC_PREFIX = 'smartcity';

/** A batch is flushed this often, or sooner once it holds MQTT_BATCH_MAX messages. */
export const MQTT_FLUSH_MS = 100;
export const MQTT_BATCH_MAX = 500;
/**
 * While a flush is busy the queue keeps growing; the next one takes up to this many at once, since
 * one larger transaction stores far more readings per second than several small ones.
 */
export const MQTT_BACKLOG_BATCH_MAX = MAX_INGEST_BATCH;
/** Beyond this many waiting messages the newest are dropped (and counted) rather than exhausting memory. */
export const MQTT_QUEUE_MAX = 50_000;

type Pending = { reading: ReadingInput; city: string };

export type MqttCounters = { received: number; stored: number; rejected: number; dropped: number };

/**
 * Subscribes to device readings on an MQTT broker and feeds them, in small batches, through the same
 * ingest service as HTTP. A bad message is counted and logged and never stops the others.
 */
export function startMqttSubscriber(deps: {
  url: string;
  ingest: IngestService;
  logger: Logger;
  topicPrefix?: string;
  connectTimeoutMs?: number;
}): {
  counters: MqttCounters;
  /** Settles once the first subscription is in place. */
  subscribed: Promise<void>;
  flush: () => Promise<void>;
  stop: () => Promise<void>;
} {
  const prefix = deps.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
  const topic = `${prefix}/+/sensors/+/readings`;
  const logger = deps.logger.child({ mqtt: deps.url });
  const counters: MqttCounters = { received: 0, stored: 0, rejected: 0, dropped: 0 };
  const queue: Pending[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function reject(reason: string, topicName: string) {
    counters.rejected += 1;
    // Logged at warn for the first few, then sampled: a misbehaving device must not flood the log.
    if (counters.rejected <= 20 || counters.rejected % 1000 === 0)
      logger.warn(
        { topic: topicName, reason, rejected: counters.rejected },
        'MQTT reading refused',
      );
  }

  async function store(batch: Pending[]) {
    try {
      await deps.ingest.ingest(
        batch.map((p) => p.reading),
        { cities: batch.map((p) => p.city) },
      );
      counters.stored += batch.length;
    } catch (err) {
      if (!(err instanceof IngestRejected)) throw err;
      // Messages are independent: drop the refused ones and store the rest.
      const bad = new Set(err.issues.map((i) => i.index));
      for (const issue of err.issues)
        reject(issue.message, batch[issue.index]?.reading.sensorId ?? '');
      const good = batch.filter((_, i) => !bad.has(i));
      if (good.length > 0) await store(good);
    }
  }

  async function flushNow(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MQTT_BACKLOG_BATCH_MAX);
      try {
        await store(batch);
      } catch (err) {
        counters.dropped += batch.length;
        logger.error({ err, readings: batch.length }, 'storing MQTT readings failed');
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    flushing ??= flushNow().finally(() => (flushing = undefined));
    return flushing;
  }

  function onMessage(topicName: string, payload: Buffer) {
    counters.received += 1;
    const parts = topicName.split('/');
    // prefix may itself contain slashes; the last four parts are city, "sensors", id, "readings".
    const [city, , sensorId] = parts.slice(-4);
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return reject('payload is not JSON', topicName);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return reject('payload must be a JSON object', topicName);
    const parsed = readingInputSchema.safeParse({ ...body, sensorId });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return reject(`${issue.path.join('.') || 'payload'} ${issue.message}`, topicName);
    }
    if (queue.length >= MQTT_QUEUE_MAX) {
      counters.dropped += 1;
      return;
    }
    queue.push({ reading: parsed.data, city: city! });
    if (queue.length >= MQTT_BATCH_MAX) void flush();
    else timer ??= setTimeout(() => void flush(), MQTT_FLUSH_MS);
  }

  // Connects and retries in the background: a broker that is down at boot must not stop the server.
  const client: MqttClient = mqtt.connect(deps.url, {
    connectTimeout: deps.connectTimeoutMs ?? 10_000,
    reconnectPeriod: 2_000,
    clean: true,
  });
  const subscribed = new Promise<void>((resolve) => {
    client.on('connect', () => {
      client.subscribe(topic, { qos: 0 }, (err) => {
        if (err) logger.error({ err, topic }, 'MQTT subscribe failed');
        else {
          logger.info({ topic }, 'subscribed to MQTT readings');
          resolve();
        }
      });
    });
  });
  client.on('message', (t, p) => {
    try {
      onMessage(t, p);
    } catch (err) {
      reject(String(err), t);
    }
  });
  client.on('error', (err) => logger.warn({ err }, 'MQTT connection error'));
  client.on('offline', () => logger.warn('MQTT broker unreachable; retrying'));

  return {
    counters,
    subscribed,
    flush,
    async stop() {
      await client.endAsync();
      await flush();
    },
  };
}
