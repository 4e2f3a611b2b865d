import { ERROR_CODES, HEALTH_ENDPOINTS } from '@smart-city/shared';
import { Hono } from 'hono';
import { liveReport } from './features/health/health.service';
import { errorResponse } from './http/errors';
import type { Lifecycle } from './lib/lifecycle';

/** How long a caller should wait before trying a server that is still starting. */
const STARTING_RETRY_AFTER_S = 2;

/**
 * What the port answers while the database is opened, migrated and seeded: liveness yes,
 * readiness no (with the phase), and 503 with Retry-After for everything else, so a load balancer
 * or a person sees a server on its way instead of a refused connection.
 */
export function createStartupApp(deps: {
  lifecycle: Lifecycle;
  version: string;
  startedAt: number;
}) {
  const app = new Hono();
  app.get(HEALTH_ENDPOINTS.live.path, (c) =>
    c.json(liveReport(deps.lifecycle.phase, deps.startedAt, deps.version), 200),
  );
  app.get(HEALTH_ENDPOINTS.ready.path, (c) =>
    c.json({ ready: false, phase: deps.lifecycle.phase, database: 'unknown' }, 503),
  );
  app.all('*', (c) => {
    c.header('Retry-After', String(STARTING_RETRY_AFTER_S));
    return errorResponse(
      c,
      503,
      ERROR_CODES.unavailable,
      'The server is starting; try again in a moment',
    );
  });
  return app;
}
