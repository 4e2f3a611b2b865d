import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases';
import {
  connected,
  liveClient,
  nextEvent,
  sampleAlert,
  startLiveTestServer,
  subscribe,
  type LiveClient,
  type LiveTestServer,
} from '../test/live-test-kit';
import { signUp } from '../test/accounts';
import { silentLogger } from '../test/test-app';
import { redisLiveAdapter } from './redis-live-adapter';

const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
const embedded = testDatabases()[0]!;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A Redis of the test's own, so it can be stopped and started again without touching anyone else's. */
async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let said = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start: ${said}`)),
      10_000,
    );
    redis.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${said}`)));
  });
  return redis;
}

async function stopRedis(redis: ChildProcess) {
  if (redis.exitCode !== null) return;
  const exited = new Promise((resolve) => redis.once('exit', resolve));
  redis.kill('SIGKILL');
  await exited;
}

/** Emits on `from` every 100 ms until `client` has the event: a subscription may take a moment. */
async function deliveredAcross(
  from: LiveTestServer,
  client: LiveClient,
  timeoutMs: number,
  alert = sampleAlert('kolkata'),
) {
  const received = nextEvent(client, 'alert:created', timeoutMs);
  const repeat = setInterval(() => from.events.emit('alert:created', alert), 100);
  from.events.emit('alert:created', alert);
  try {
    return { sent: alert, received: await received };
  } finally {
    clearInterval(repeat);
  }
}

describe.skipIf(!haveRedis)(
  'two gateways sharing live events through Redis (needs redis-server, Debian package redis-server)',
  () => {
    let database: Awaited<ReturnType<typeof embedded.create>>;
    let port: number;
    let redis: ChildProcess;
    let a: LiveTestServer;
    let b: LiveTestServer;
    const clients: LiveClient[] = [];

    beforeAll(async () => {
      port = await freePort();
      redis = await startRedis(port);
      database = await embedded.create();
      const adapter = () =>
        redisLiveAdapter({ redisUrl: `redis://127.0.0.1:${port}`, logger: silentLogger });
      // One database, as several processes of a deployment share one.
      a = await startLiveTestServer(database, { adapter: adapter() });
      b = await startLiveTestServer(database, { adapter: adapter() });
    });
    afterAll(async () => {
      for (const c of clients) c.disconnect();
      await a?.stop();
      await b?.stop();
      if (redis) await stopRedis(redis);
      await database?.dispose();
    });

    async function viewer(server: LiveTestServer) {
      const { cookie } = await signUp(server.app);
      const c = liveClient(server.url, { cookie });
      clients.push(c);
      await connected(c);
      await subscribe(c, 'kolkata');
      return c;
    }

    it('delivers an alert raised on one process to a viewer of the other', async () => {
      const onB = await viewer(b);
      const { sent, received } = await deliveredAcross(a, onB, 10_000);
      expect(received).toEqual(sent);
    });

    it('keeps serving while Redis is away, and shares events again once it is back', async () => {
      const onA = await viewer(a);
      const onB = await viewer(b);
      await stopRedis(redis);

      // Away: this process's own viewers still get what it broadcasts, and nothing crashes.
      const alert = sampleAlert('kolkata');
      const local = nextEvent(onA, 'alert:created', 5_000);
      a.events.emit('alert:created', alert);
      expect(await local).toEqual(alert);

      redis = await startRedis(port);
      const { sent, received } = await deliveredAcross(a, onB, 20_000);
      expect(received).toEqual(sent);
    });
  },
);
