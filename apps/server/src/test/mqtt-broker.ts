import { connect as connectTcp, createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';

export type TestBroker = { url: string; close: () => Promise<void> };

const externalUrl = process.env.TEST_MQTT_URL || undefined;

/** Fails with a clear message, instead of a timeout, when the named broker is not there. */
async function requireReachable(url: string) {
  const { hostname, port } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    const socket = connectTcp({ host: hostname, port: Number(port || 1883), timeout: 3_000 });
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    const fail = (why: string) => {
      socket.destroy();
      reject(
        new Error(
          `TEST_MQTT_URL is set, but the MQTT broker at ${url} is not reachable (${why}). ` +
            'Start it (e.g. Mosquitto), or unset TEST_MQTT_URL to test against an embedded broker.',
        ),
      );
    };
    socket.once('timeout', () => fail('timed out'));
    socket.once('error', (err) => fail(err.message));
  });
}

/**
 * The broker MQTT tests publish to: the one named by TEST_MQTT_URL (CI points it at the machine's
 * Mosquitto), or else an embedded aedes broker on a free local port, so `npm test` needs no broker.
 * `embedded` asks for a broker of the test's own even then: a server process subscribes to every
 * city's topic and must not take the readings of the tests running beside it.
 */
export async function startTestBroker(options: { embedded?: boolean } = {}): Promise<TestBroker> {
  if (externalUrl && !options.embedded) {
    await requireReachable(externalUrl);
    return { url: externalUrl, close: async () => {} };
  }
  const broker = await Aedes.createBroker();
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}
