import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEFAULT_MQTT_TOPIC_PREFIX,
  MAX_INGEST_BATCH,
  readingInputSchema,
  type ReadingInput,
} from '@smart-city/shared';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { createArrivalClock } from '../../lib/micro-time';
import type { Metrics } from '../../metrics/metrics';
import { IngestBusy } from './ingest-admission';
import { IngestRejected, type IngestService } from './ingest.service';

/** A batch is flushed this often, or sooner once it holds MQTT_BATCH_MAX messages. */
const MQTT_FLUSH_MS = 100;
const MQTT_BATCH_MAX = 500;
/**
 * While a flush is busy the queue keeps growing; the next one takes up to this many at once, since
 * one larger transaction stores far more readings per second than several small ones.
 */
const MQTT_BACKLOG_BATCH_MAX = MAX_INGEST_BATCH;
/**
 * At most this many QoS 0 readings wait in memory; beyond it the newest are dropped and counted.
 * QoS 0 promises at most once delivery, and the broker keeps sending: memory must stay bounded.
 */
const MQTT_QUEUE_MAX = 50_000;
/** How long the queue waits before asking again while ingest is at its bound. */
const ADMISSION_WAIT_MS = 25;
/** How long the queue waits after the database failed a batch before it tries again. */
const FAULT_RETRY_MS = 1_000;

/** A reading waiting to be stored; `ack` acknowledges a QoS 1 message to the broker once it is. */
type Pending = { reading: ReadingInput; city: string; ack?: () => void };

export type MqttCounters = { received: number; stored: number; rejected: number; dropped: number };

/**
 * Subscribes to device readings on an MQTT broker and feeds them, in batches, through the same
 * ingest service as HTTP. A bad message is counted and logged and never stops the others.
 *
 * Delivery: a QoS 1 message is acknowledged only once its reading is stored (or refused as
 * invalid, which no redelivery would change); until then the client takes no further message, so
 * the broker holds the rest. QoS 0 messages are queued up to MQTT_QUEUE_MAX; past it they are
 * dropped and counted. While ingest is at its bound, the queue waits instead of dropping.
 *
 * Exactly once: a message the broker delivers again (the process stopped between storing and
 * acknowledging it) is skipped by its sensor and timestamp, and with a share group the broker hands
 * each message to one process of the group. A message without a timestamp is stamped on arrival (in
 * microseconds, each later than the one before), so only a device that sends its readings' own
 * times is safe from a stored redelivery.
 */
export function startMqttSubscriber(deps: {
  url: string;
  ingest: Pick<IngestService, 'ingest' | 'hasRoomFor'>;
  logger: Logger;
  metrics: Metrics;
  /** Readings arrive on `<prefix>/<city>/sensors/<sensorId>/readings` (see readingsTopic). */
  topicPrefix?: string;
  /**
   * With a client id the broker keeps the subscription and unacknowledged QoS 1 messages across a
   * restart of the server (a persistent session); each server process needs its own id.
   */
  clientId?: string;
  /**
   * With a group, the subscription is shared (`$share/<group>/…`, MQTT 3.1.1 and 5 in Mosquitto and
   * EMQX): the broker hands each reading to one process of the group, so N processes store it once.
   */
  shareGroup?: string;
  connectTimeoutMs?: number;
  /** The clock that stamps readings sent without a time. */
  now?: () => Date;
  /** QoS 0 readings that may wait; MQTT_QUEUE_MAX unless a test wants to see the bound. */
  queueMax?: number;
}): {
  counters: MqttCounters;
  /** Settles once the first subscription is in place. */
  subscribed: Promise<void>;
  flush: () => Promise<void>;
  stop: () => Promise<void>;
} {
  const prefix = deps.topicPrefix ?? DEFAULT_MQTT_TOPIC_PREFIX;
  const filter = `${prefix}/+/sensors/+/readings`;
  const topic = deps.shareGroup ? `$share/${deps.shareGroup}/${filter}` : filter;
  const logger = deps.logger.child({ mqtt: deps.url });
  const { metrics } = deps;
  const counters: MqttCounters = { received: 0, stored: 0, rejected: 0, dropped: 0 };
  const arrival = createArrivalClock(deps.now && (() => deps.now!().getTime()));
  const queue: Pending[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;

  const queued = () => metrics.ingestQueued.set({ channel: 'mqtt' }, queue.length);

  function reject(reason: string, topicName: string) {
    counters.rejected += 1;
    // Logged at warn for the first few, then sampled: a misbehaving device must not flood the log.
    if (counters.rejected <= 20 || counters.rejected % 1000 === 0)
      logger.warn(
        { topic: topicName, reason, rejected: counters.rejected },
        'MQTT reading refused',
      );
  }

  function drop(count: number) {
    counters.dropped += count;
    metrics.ingestReadings.inc({ channel: 'mqtt', outcome: 'dropped' }, count);
  }

  /** Stores a batch; refused readings are counted and the rest stored again without them. */
  async function store(batch: Pending[]) {
    try {
      await deps.ingest.ingest(
        batch.map((p) => p.reading),
        { cities: batch.map((p) => p.city), channel: 'mqtt' },
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
      const size = Math.min(queue.length, MQTT_BACKLOG_BATCH_MAX);
      if (!deps.ingest.hasRoomFor(size)) {
        await sleep(ADMISSION_WAIT_MS);
        continue;
      }
      const batch = queue.splice(0, size);
      queued();
      try {
        await store(batch);
        for (const pending of batch) pending.ack?.();
      } catch (err) {
        if (err instanceof IngestBusy) {
          // Another channel took the room between the check and the call: wait for it.
          queue.unshift(...batch);
          queued();
          await sleep(ADMISSION_WAIT_MS);
          continue;
        }
        logger.error({ err, readings: batch.length }, 'storing MQTT readings failed');
        // QoS 1 readings stay unacknowledged and wait for another try; QoS 0 ones are lost.
        const kept = stopping ? [] : batch.filter((pending) => pending.ack);
        drop(batch.length - kept.length);
        if (kept.length > 0) {
          queue.unshift(...kept);
          queued();
          await sleep(FAULT_RETRY_MS);
        }
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    flushing ??= flushNow().finally(() => (flushing = undefined));
    return flushing;
  }

  /** Parses one message into the queue; says whether it was queued. */
  function accept(topicName: string, payload: Buffer, ack?: () => void): boolean {
    counters.received += 1;
    const parts = topicName.split('/');
    // prefix may itself contain slashes; the last four parts are city, "sensors", id, "readings".
    const [city, , sensorId] = parts.slice(-4);
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      reject('payload is not JSON', topicName);
      return false;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      reject('payload must be a JSON object', topicName);
      return false;
    }
    const parsed = readingInputSchema.safeParse({ ...body, sensorId });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      reject(`${issue.path.join('.') || 'payload'} ${issue.message}`, topicName);
      return false;
    }
    if (!ack && queue.length >= (deps.queueMax ?? MQTT_QUEUE_MAX)) {
      drop(1);
      return false;
    }
    // A reading without its own time is stamped as it arrives, not when its batch is stored.
    const reading = parsed.data.timestamp ? parsed.data : { ...parsed.data, timestamp: arrival() };
    queue.push({ reading, city: city!, ack });
    queued();
    if (ack || queue.length >= MQTT_BATCH_MAX) void flush();
    else timer ??= setTimeout(() => void flush(), MQTT_FLUSH_MS);
    return true;
  }

  // Connects and retries in the background: a broker that is down at boot must not stop the server.
  const client: MqttClient = mqtt.connect(deps.url, {
    connectTimeout: deps.connectTimeoutMs ?? 10_000,
    reconnectPeriod: 2_000,
    ...(deps.clientId ? { clientId: deps.clientId, clean: false } : { clean: true }),
  });
  // mqtt.js takes the next message only once this calls back, and acknowledges a QoS 1 message
  // then: calling back once the reading is stored is what makes the acknowledgement mean "stored".
  client.handleMessage = (packet: IPublishPacket, callback) => {
    const ack = packet.qos > 0 ? () => callback() : undefined;
    try {
      if (accept(packet.topic, Buffer.from(packet.payload), ack) && ack) return;
    } catch (err) {
      reject(String(err), packet.topic);
    }
    callback();
  };
  const subscribed = new Promise<void>((resolve) => {
    client.on('connect', () => {
      client.subscribe(topic, { qos: 1 }, (err) => {
        if (err) logger.error({ err, topic }, 'MQTT subscribe failed');
        else {
          logger.info({ topic }, 'subscribed to MQTT readings');
          resolve();
        }
      });
    });
  });
  client.on('error', (err) => logger.warn({ err }, 'MQTT connection error'));
  client.on('offline', () => logger.warn('MQTT broker unreachable; retrying'));

  return {
    counters,
    subscribed,
    flush,
    async stop() {
      stopping = true;
      await client.endAsync();
      await flush();
    },
  };
}
