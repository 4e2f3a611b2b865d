import pino, { type Logger } from 'pino';
import type { Config } from './config';

/** JSON logs for machines; a readable line per event when a person watches a terminal. */
export function createLogger(level: Config['logLevel']): Logger {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return pino({
    level,
    base: undefined,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
