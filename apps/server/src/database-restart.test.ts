import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_DEMO_PASSWORD, type LiveReading } from '@smart-city/shared';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom } from './test/accounts';
import { connected, liveClient, subscribe, type LiveClient } from './test/live-test-kit';
import { startTestBroker, type TestBroker } from './test/mqtt-broker';
import {
  privatePostgresMissing,
  startPrivatePostgres,
  type PrivatePostgres,
} from './test/private-postgres';
import {
  startServerProcess,
  stopServerProcess,
  waitUntil,
  type ServerProcess,
} from './test/server-process';
import { TEST_AUTH_SECRET } from './test/test-app';

const HTTP_SENSOR = 'kolkata-traffic-howrah-bridge';
const MQTT_SENSOR = 'kolkata-air-quality-park-street';
const BATCH = 10;

const missing = privatePostgresMissing();

describe('a PostgreSQL restart under ingest and live traffic', () => {
  let postgres: PrivatePostgres | undefined;
  let broker: TestBroker | undefined;
  let dataDir: string | undefined;
  const servers: ServerProcess[] = [];
  let live: LiveClient | undefined;
  let publisher: MqttClient | undefined;
  /** The traffic loops run until the test has seen enough, or is torn down. */
  let running = true;

  beforeAll(async () => {
    if (missing) return;
    dataDir = await mkdtemp(path.join(tmpdir(), 'smartcity-restart-'));
    [postgres, broker] = await Promise.all([
      startPrivatePostgres(),
      startTestBroker({ embedded: true }),
    ]);
  }, 120_000);

  afterAll(async () => {
    running = false;
    live?.disconnect();
    await publisher?.endAsync();
    await Promise.all(servers.map((server) => stopServerProcess(server)));
    await broker?.close();
    await postgres?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(
    'keeps both processes running, answers 503 meanwhile, loses nothing acknowledged and resumes live readings',
    {
      timeout: 180_000,
    },
    async (ctx) => {
      if (missing) ctx.skip(missing);
      const db = postgres!;
      // Two processes sharing one database, as a deployment behind a load balancer runs them: the
      // readings arrive at A (HTTP and MQTT), the live viewer is connected to B.
      const shared = {
        DATABASE_URL: db.url,
        LIVE_ADAPTER: 'postgres',
        DATA_DIR: dataDir!,
        WEB_DIST_DIR: dataDir!,
        AUTH_SECRET: TEST_AUTH_SECRET,
        DEMO_ACCOUNTS: 'on',
        SIMULATOR: 'off',
      };
      const a = await startServerProcess('A', {
        ...shared,
        MQTT_URL: broker!.url,
        // The embedded test broker has no shared subscriptions; A alone takes MQTT readings here.
        MQTT_SHARE_GROUP: 'off',
      });
      servers.push(a);
      // B runs the simulator too: a background job that must carry on through the outage.
      const b = await startServerProcess('B', {
        ...shared,
        SIMULATOR: 'on',
        SIMULATOR_BACKFILL_DAYS: '0',
        SIMULATOR_READINGS_PER_S: '100',
      });
      servers.push(b);
      const logs = () => servers.map((s) => s.log()).join('\n');

      const origin = { Origin: a.url, 'Content-Type': 'application/json' };
      const signIn = await fetch(`${a.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: origin,
        body: JSON.stringify({ email: 'admin@smartcity.local', password: DEFAULT_DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const cookie = cookiesFrom(signIn);
      const created = await fetch(`${a.url}/api/device-keys`, {
        method: 'POST',
        headers: { ...origin, Cookie: cookie },
        body: JSON.stringify({ name: 'restart drill', city: 'kolkata' }),
      });
      expect(created.status).toBe(201);
      const { key } = (await created.json()) as { key: string };

      live = liveClient(b.url, { cookie });
      await connected(live);
      expect(await subscribe(live, 'kolkata')).toEqual({ ok: true });
      const seenLive: LiveReading[] = [];
      live.on('readings', ({ readings }) =>
        seenLive.push(...readings.filter((r) => r.sensorId === HTTP_SENSOR)),
      );

      // Every reading gets a timestamp of its own, so each one can be found in the database.
      const base = Date.now() - 10 * 60_000;
      let counter = 0;
      const nextTimestamp = () => new Date(base + counter++).toISOString();

      type Phase = 'before' | 'down' | 'starting' | 'after';
      let phase: Phase = 'before';

      type Answer = {
        phase: Phase | 'between';
        status: number;
        retryAfter: string | null;
        code?: string;
        timestamps: string[];
      };
      const answers: Answer[] = [];
      const ingestLoop = (async () => {
        while (running) {
          const sentIn = phase;
          const timestamps = Array.from({ length: BATCH }, nextTimestamp);
          const readings = timestamps.map((timestamp, i) => ({
            sensorId: HTTP_SENSOR,
            value: 30 + i,
            timestamp,
          }));
          let answer: Answer;
          try {
            const res = await fetch(`${a.url}/api/ingest/readings`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
              body: JSON.stringify({ readings }),
            });
            const body = (await res.json()) as { error?: { code: string } };
            answer = {
              phase: sentIn === phase ? sentIn : 'between',
              status: res.status,
              retryAfter: res.headers.get('retry-after'),
              code: body.error?.code,
              timestamps,
            };
          } catch {
            answer = { phase: 'between', status: 0, retryAfter: null, timestamps };
          }
          answers.push(answer);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();

      type Probe = { process: string; phase: Phase | 'between'; status: number };
      const probes: Probe[] = [];
      const probeLoops = [a, b].map(async (server) => {
        while (running) {
          const sentIn = phase;
          let status = 0;
          try {
            status = (await fetch(`${server.url}/api/health/ready`)).status;
          } catch {
            // Recorded as 0: the process did not answer.
          }
          probes.push({
            process: server.name,
            phase: sentIn === phase ? sentIn : 'between',
            status,
          });
          await new Promise((r) => setTimeout(r, 150));
        }
      });

      publisher = await mqtt.connectAsync(broker!.url);
      const published: { phase: Phase; timestamp: string }[] = [];
      const mqttLoop = (async () => {
        while (running) {
          const timestamp = nextTimestamp();
          const sentIn = phase;
          try {
            await publisher.publishAsync(
              `smartcity/kolkata/sensors/${MQTT_SENSOR}/readings`,
              JSON.stringify({ value: 80, timestamp }),
              { qos: 1 },
            );
            published.push({ phase: sentIn, timestamp });
          } catch {
            // Not taken by the broker (the test is ending): nothing was promised for it.
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      })();

      const accepted = (p: Phase) => answers.filter((x) => x.phase === p && x.status === 202);
      const seenReady = (p: Phase, status: number) =>
        [a, b].every((s) =>
          probes.some((x) => x.process === s.name && x.phase === p && x.status === status),
        );

      // Traffic flows, and B hears A's readings through the adapter, before the restart.
      await waitUntil(
        'readings accepted by A and seen live on B',
        () => accepted('before').length >= 3 && seenLive.length > 0 && seenReady('before', 200),
        30_000,
        logs,
      );

      await db.stop();
      phase = 'down';
      await waitUntil(
        'both processes to say not ready and ingest to answer 503 while the database is down',
        () =>
          seenReady('down', 503) &&
          answers.filter((x) => x.phase === 'down').length >= 3 &&
          published.some((x) => x.phase === 'down'),
        30_000,
        logs,
      );
      // A signed-in request meets the outage at its session lookup, and the web app asks for its
      // session on every load: both 503 as well, not a sign-out's 401 or better-auth's own 500.
      for (const path of ['/api/device-keys', '/api/auth/get-session']) {
        const res = await fetch(`${b.url}${path}`, { headers: { Cookie: cookie } });
        expect(res.status, path).toBe(503);
        expect(res.headers.get('retry-after'), path).toBe('5');
        expect(await res.json(), path).toMatchObject({ error: { code: 'unavailable' } });
      }

      phase = 'starting';
      await db.start();
      const firstAfter = counter;
      phase = 'after';
      await waitUntil(
        'both processes ready again, readings accepted, and seen live on B',
        () =>
          seenReady('after', 200) &&
          accepted('after').length >= 3 &&
          seenLive.some((r) => Date.parse(r.timestamp) >= base + firstAfter),
        60_000,
        logs,
      );

      running = false;
      await Promise.all([ingestLoop, mqttLoop, ...probeLoops]);

      // Neither process went away.
      expect(a.ended(), a.log()).toBeUndefined();
      expect(b.ended(), b.log()).toBeUndefined();

      // Every answer is a 202 or a 503 that says when to come back, never a 500; while the database
      // was down, every one was a 503.
      for (const answer of answers) {
        expect([202, 503], JSON.stringify(answer)).toContain(answer.status);
        if (answer.status === 503) {
          expect(answer.code).toBe('unavailable');
          expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
        }
      }
      const down = answers.filter((x) => x.phase === 'down');
      expect(down.length).toBeGreaterThanOrEqual(3);
      expect(down.every((x) => x.status === 503)).toBe(true);

      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      try {
        const stored = async (sensorId: string, timestamps: string[]) => {
          const { rows } = await admin.query<{ n: number }>(
            'select count(distinct timestamp)::int as n from sensor_data where sensor_id = $1 and timestamp = any($2::timestamptz[])',
            [sensorId, timestamps],
          );
          return rows[0]!.n;
        };
        // Every batch answered 202 is in the database.
        const acknowledged = answers.filter((x) => x.status === 202).flatMap((x) => x.timestamps);
        expect(await stored(HTTP_SENSOR, acknowledged)).toBe(acknowledged.length);
        // Every MQTT reading the broker took is stored in the end, those sent during the outage too:
        // they stay unacknowledged until they are.
        const sent = published.map((x) => x.timestamp);
        await waitUntil(
          'every MQTT reading to be stored',
          async () => (await stored(MQTT_SENSOR, sent)) === sent.length,
          30_000,
          logs,
        );
      } finally {
        await admin.end();
      }
    },
  );
});
