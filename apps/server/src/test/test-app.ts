import pino from 'pino';
import { createApp } from '../app';
import type { DatabaseHandle } from '../db/client';

export const silentLogger = pino({ level: 'silent' });

/** The real application on a test database, driven in-process through `app.request`. */
export function createTestApp(
  database: DatabaseHandle,
  options: { webDistDir?: string | null } = {},
) {
  return createApp({
    db: database.db,
    logger: silentLogger,
    version: '0.0.0-test',
    startedAt: Date.now(),
    webDistDir: options.webDistDir ?? null,
  });
}
