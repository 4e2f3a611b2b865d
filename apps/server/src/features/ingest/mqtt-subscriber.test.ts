import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { startTestBroker, type TestBroker } from '../../test/mqtt-broker';
import {
  createTestEvents,
  createTestMetrics,
  createTestServices,
  silentLogger,
} from '../../test/test-app';
import { startMqttSubscriber } from './mqtt-subscriber';

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(testDatabases())('MQTT ingestion on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let subscriber: ReturnType<typeof startMqttSubscriber>;
  let publisher: mqtt.MqttClient;
  let broker: TestBroker;
  // A topic root of its own, so other test runs on the same broker do not cross.
  const prefix = `smartcity-test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    broker = await startTestBroker();
    database = await create();
    const metrics = createTestMetrics();
    const services = createTestServices(database, { events: createTestEvents(), metrics });
    subscriber = startMqttSubscriber({
      url: broker.url,
      ingest: services.ingest,
      logger: silentLogger,
      metrics,
      topicPrefix: prefix,
    });
    await subscriber.subscribed;
    publisher = await mqtt.connectAsync(broker.url);
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await subscriber?.stop();
    await database?.dispose();
    await broker?.close();
  });

  const rows = async (sensorId: string) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from sensor_data where sensor_id = ${sensorId}`.execute(
        database.db,
      )
    ).rows[0]!.n;

  it('stores readings published on the broker, and counts bad messages without stopping', async () => {
    const sensor = 'kolkata-traffic-howrah-bridge';
    const topic = (city: string, id: string) => `${prefix}/${city}/sensors/${id}/readings`;
    await publisher.publishAsync(topic('kolkata', sensor), JSON.stringify({ value: 55 }));
    await publisher.publishAsync(topic('kolkata', sensor), 'not json');
    await publisher.publishAsync(topic('kolkata', sensor), JSON.stringify({ value: 'x' }));
    await publisher.publishAsync(topic('kolkata', 'no-such-sensor'), JSON.stringify({ value: 1 }));
    await publisher.publishAsync(topic('new-york', sensor), JSON.stringify({ value: 3 }));
    await publisher.publishAsync(
      topic('kolkata', sensor),
      JSON.stringify({
        value: 57,
        unit: '%',
        timestamp: '2026-03-02T10:00:00Z',
        metadata: { lane: 2 },
      }),
    );
    await until(async () => subscriber.counters.received >= 6);
    await subscriber.flush();
    await until(async () => (await rows(sensor)) === 2);
    expect(subscriber.counters).toMatchObject({ received: 6, stored: 2, rejected: 4 });
  });

  it('stores a message delivered twice once, by its sensor and its time', async () => {
    const sensor = 'kolkata-water-esplanade';
    const topic = `${prefix}/kolkata/sensors/${sensor}/readings`;
    const before = await rows(sensor);
    const received = subscriber.counters.received;
    const payload = JSON.stringify({ value: 3.1, timestamp: new Date().toISOString() });
    await publisher.publishAsync(topic, payload, { qos: 1 });
    await publisher.publishAsync(topic, payload, { qos: 1 });
    await until(async () => subscriber.counters.received >= received + 2);
    await subscriber.flush();
    expect((await rows(sensor)) - before).toBe(1);
  });

  describe('delivery while storing is slow', () => {
    let release: () => void;
    let gated: ReturnType<typeof startMqttSubscriber>;
    let metrics: ReturnType<typeof createTestMetrics>;
    const gatedPrefix = `${prefix}-gated`;
    const gatedTopic = (id: string) => `${gatedPrefix}/kolkata/sensors/${id}/readings`;

    beforeAll(async () => {
      metrics = createTestMetrics();
      const services = createTestServices(database, { events: createTestEvents(), metrics });
      let opened = new Promise<void>((resolve) => (release = resolve));
      gated = startMqttSubscriber({
        url: broker.url,
        ingest: {
          hasRoomFor: () => true,
          // Every batch waits for the test to open the gate, like a database under load.
          ingest: async (...args) => {
            await opened;
            return services.ingest.ingest(...args);
          },
        },
        logger: silentLogger,
        metrics,
        topicPrefix: gatedPrefix,
        queueMax: 2,
      });
      await gated.subscribed;
      // Later tests run with the gate open.
      void opened.then(() => (opened = Promise.resolve()));
    });
    afterAll(() => gated?.stop());

    it('takes a QoS 1 message only once the one before it is stored, and QoS 0 overflow is counted', async () => {
      const sensor = 'kolkata-energy-dum-dum';
      await publisher.publishAsync(gatedTopic(sensor), JSON.stringify({ value: 11 }), { qos: 1 });
      await publisher.publishAsync(gatedTopic(sensor), JSON.stringify({ value: 12 }), { qos: 1 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The first waits for its store, unacknowledged; the broker holds the second back meanwhile.
      expect(gated.counters.received).toBe(1);
      expect(await rows(sensor)).toBe(0);

      release();
      await until(async () => (await rows(sensor)) === 2);
      expect(gated.counters).toMatchObject({ received: 2, stored: 2, dropped: 0 });

      const waste = 'kolkata-waste-park-street';
      const storedBefore = await rows(waste);
      // Each with its own time: two readings of a sensor at one instant are one reading.
      for (const value of [1, 2, 3, 4, 5])
        publisher.publish(
          gatedTopic(waste),
          JSON.stringify({ value, timestamp: new Date(Date.now() - value * 1000).toISOString() }),
          { qos: 0 },
        );
      await until(async () => gated.counters.received >= 7);
      await gated.flush();
      const stored = (await rows(waste)) - storedBefore;
      expect(stored + gated.counters.dropped).toBe(5);
      expect(gated.counters.dropped).toBeGreaterThan(0);
      const scrape = await metrics.registry.metrics();
      expect(scrape).toContain(
        `ingest_readings_total{channel="mqtt",outcome="dropped"} ${gated.counters.dropped}`,
      );
    });
  });
});
