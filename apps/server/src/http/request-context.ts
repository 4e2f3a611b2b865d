import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '@smart-city/shared';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics/metrics';

/** What every request carries from the first middleware on. */
export type RequestVariables = {
  /** The caller's `X-Request-Id` when it is safe to keep, otherwise one made here. */
  requestId: string;
  /** The app's logger with the request id on every line. */
  log: Logger;
};

/**
 * Gives each request an id (the caller's own, or a new one), answered in `X-Request-Id`, written on
 * every log line about the request and in any error answer; then logs the request and counts it in
 * the HTTP metrics under the route that answered it (its pattern, so ids do not make new series).
 */
export function requestContext(deps: {
  logger: Logger;
  metrics: Metrics;
}): MiddlewareHandler<{ Variables: RequestVariables }> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);

    await next();

    c.header(REQUEST_ID_HEADER, requestId);
    const seconds = (performance.now() - started) / 1000;
    const status = c.res.status;
    const labels = { method: c.req.method, route: routePath(c) || 'unmatched', status };
    deps.metrics.httpRequests.inc(labels);
    deps.metrics.httpDuration.observe(labels, seconds);
    const entry = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round(seconds * 1000),
    };
    if (status >= 500) log.warn(entry, 'request failed');
    else log.debug(entry, 'request');
  };
}
