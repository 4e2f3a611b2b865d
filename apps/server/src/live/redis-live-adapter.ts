import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LiveAdapter } from './live-adapter';

/** Channels of this deployment's broadcasts start with this, so other users of the Redis never see them. */
const CHANNEL_PREFIX = 'smartcity-live';

/**
 * Shares room broadcasts between every server process through Redis publish/subscribe (Socket.IO's
 * own adapter). Redis going away never stops a process: both connections retry on their own, the
 * subscriber subscribes again when Redis is back, and a broadcast made meanwhile still reaches this
 * process's own viewers; only its copy for the other processes is dropped, and counted in the log.
 */
export function redisLiveAdapter(options: { redisUrl: string; logger: Logger }): LiveAdapter {
  const logger = options.logger.child({ liveAdapter: 'redis' });
  // Fail fast while Redis is away instead of queueing every broadcast in memory until it returns.
  const publisher = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  const subscriber = publisher.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  let dropped = 0;
  for (const [role, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    let away = false;
    client.on('error', (err: Error) => {
      if (away) return;
      away = true;
      logger.warn({ err, role }, 'live adapter: Redis unreachable; retrying');
    });
    client.on('ready', () => {
      if (!away) return;
      away = false;
      logger.info({ role, dropped }, 'live adapter: Redis connection back');
    });
  }
  // The adapter publishes without waiting for the answer: a refused publish must not be an
  // unhandled rejection.
  type Publish = (channel: string | Buffer, message: string | Buffer) => Promise<number>;
  const publish: Publish = publisher.publish.bind(publisher);
  (publisher as unknown as { publish: Publish }).publish = (channel, message) =>
    publish(channel, message).catch(() => {
      dropped += 1;
      return 0;
    });
  return {
    kind: 'redis',
    factory: createAdapter(publisher, subscriber, { key: CHANNEL_PREFIX }),
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
