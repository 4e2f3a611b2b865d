import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@smart-city/shared';
import type { Handler } from 'hono';
import { errorResponse } from '../http/errors';
import type { Metrics } from './metrics';

/** Compares secrets in constant time, whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `GET /metrics` in Prometheus' text format. With a token configured, only a scraper that sends it
 * as a bearer token may read them: the figures describe the city's operations.
 */
export function metricsEndpoint(metrics: Metrics, token: string | null): Handler {
  return async (c) => {
    if (token) {
      const given = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        c.header('WWW-Authenticate', 'Bearer');
        return errorResponse(
          c,
          401,
          ERROR_CODES.unauthorized,
          'Send the metrics token as a bearer token',
        );
      }
    }
    const text = await metrics.registry.metrics();
    return c.body(text, 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  };
}
