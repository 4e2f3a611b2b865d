import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainEvents } from '../../live/domain-events';
import { testDatabases } from '../../test/databases';
import { startTestBroker, type TestBroker } from '../../test/mqtt-broker';
import { silentLogger } from '../../test/test-app';
import { startMqttSubscriber } from './mqtt-subscriber';
import { createPipeline } from './pipeline';

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
    const pipeline = createPipeline({
      db: database.db,
      events: createDomainEvents(() => {}),
      logger: silentLogger,
    });
    subscriber = startMqttSubscriber({
      url: broker.url,
      ingest: pipeline.ingest,
      logger: silentLogger,
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
});
