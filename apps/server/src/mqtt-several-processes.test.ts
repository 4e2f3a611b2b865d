import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readingsTopic } from '@smart-city/shared';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createPostgresTestDatabase } from './test/postgres-test-database';
import {
  startServerProcess,
  stopServerProcess,
  waitUntil,
  type ServerProcess,
} from './test/server-process';

const adminUrl = process.env.TEST_DATABASE_URL;
// Shared subscriptions need a broker that has them (Mosquitto, EMQX); the embedded test broker has not.
const brokerUrl = process.env.TEST_MQTT_URL;

describe.skipIf(!adminUrl || !brokerUrl)(
  'MQTT readings with two server processes (needs TEST_DATABASE_URL and TEST_MQTT_URL: PostgreSQL and Mosquitto)',
  () => {
    const run = randomBytes(4).toString('hex');
    const prefix = `smartcity-test-${run}`;
    const sensor = { city: 'kolkata', id: 'kolkata-traffic-howrah-bridge' };
    const clientIds = [`city-a-${run}`, `city-b-${run}`];
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let handle: DatabaseHandle;
    let dataDir: string;
    const processes: ServerProcess[] = [];

    const start = async (clientId: string) => {
      const server = await startServerProcess(clientId, {
        DATABASE_URL: database.url,
        LIVE_ADAPTER: 'postgres',
        AUTH_SECRET: `several-processes-test-secret-${run}`,
        LEDGER_KEY_FILE: path.join(dataDir, 'ledger-ed25519.pem'),
        DATA_DIR: dataDir,
        MQTT_URL: brokerUrl!,
        MQTT_TOPIC_PREFIX: prefix,
        MQTT_SHARE_GROUP: `test-${run}`,
        MQTT_CLIENT_ID: clientId,
        SIMULATOR: 'off',
      });
      processes.push(server);
      await waitUntil(
        `${clientId} to subscribe`,
        () => server.output().includes('subscribed to MQTT readings'),
        30_000,
        server.log,
      );
      return server;
    };
    const stored = async () =>
      (
        await sql<{ rows: number; instants: number }>`
          select count(*)::int as rows, count(distinct "timestamp")::int as instants
          from sensor_data where sensor_id = ${sensor.id}`.execute(handle.db)
      ).rows[0]!;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'smart-city-processes-'));
      database = await createPostgresTestDatabase(adminUrl!);
      handle = await openDatabase({ kind: 'postgres', url: database.url });
    });
    afterAll(async () => {
      await Promise.all(processes.map((server) => stopServerProcess(server, 'SIGKILL')));
      // The broker keeps a persistent session until told otherwise: end this run's.
      for (const clientId of clientIds) {
        const client = await mqtt.connectAsync(brokerUrl!, { clientId, clean: true });
        await client.endAsync();
      }
      await handle?.close();
      await database?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('stores every QoS 1 reading exactly once, though one process is killed halfway', async () => {
      const first = await start(clientIds[0]!);
      const second = await start(clientIds[1]!);

      const publisher = await mqtt.connectAsync(brokerUrl!);
      const count = 200;
      const base = Date.now() - count * 1000;
      const publish = async (from: number, to: number) => {
        for (let i = from; i < to; i++)
          await publisher.publishAsync(
            readingsTopic(sensor, prefix),
            JSON.stringify({
              value: 20 + (i % 50),
              timestamp: new Date(base + i * 1000).toISOString(),
            }),
            { qos: 1 },
          );
      };
      try {
        await publish(0, count / 2);
        // A crash: no goodbye to the broker, readings in hand neither stored nor acknowledged.
        await stopServerProcess(first, 'SIGKILL');
        await publish(count / 2, count);
        // Its replacement takes up its session: what the broker kept for it arrives now.
        const replacement = await start(clientIds[0]!);
        await waitUntil('every reading stored', async () => (await stored()).rows >= count, 60_000);
        // A moment more for any late copy to land before the count is taken.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(await stored()).toEqual({ rows: count, instants: count });
        expect(second.ended()).toBeUndefined();
        expect(replacement.ended()).toBeUndefined();
        // The broker shared the readings out: the process that stayed stored some, not all.
        const scrape = await (await fetch(`${second.url}/metrics`)).text();
        const taken = Number(
          /ingest_readings_total\{channel="mqtt",outcome="accepted"\} (\d+)/.exec(scrape)?.[1] ?? 0,
        );
        expect(taken).toBeGreaterThan(0);
        expect(taken).toBeLessThan(count);
      } finally {
        await publisher.endAsync();
        await Promise.all(processes.map((server) => stopServerProcess(server)));
      }
    }, 180_000);
  },
);
