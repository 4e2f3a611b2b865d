import { ERROR_CODES } from '@smart-city/shared';
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { errorResponse } from '../../http/errors';
import { DomainError } from '../../lib/domain-errors';
import { parsePath } from './sensorthings-request';
import { createSensorThingsService } from './sensorthings.service';

/** A host as a proxy may name it: a name or an address in brackets, and a port. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const firstOf = (header: string | undefined) => header?.split(',')[0]?.trim();

/**
 * The scheme and host links are written with: the request's own, or what the proxy in front says
 * (`X-Forwarded-Proto`, `X-Forwarded-Host`) when that proxy is trusted.
 */
function originOf(c: Context, url: URL, trustProxy: boolean): string {
  if (!trustProxy) return url.origin;
  const proto = firstOf(c.req.header('x-forwarded-proto'))?.toLowerCase();
  const host = firstOf(c.req.header('x-forwarded-host'));
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  return `${scheme}://${host && HOST.test(host) ? host : url.host}`;
}

/**
 * OGC SensorThings API 1.1 (Part 1: Sensing), read only, over the platform's sensors and raw
 * readings. Mounted under a path of the app's choosing; every link it writes is absolute, made of
 * the request's origin and that path. Refusals are the API's one error shape.
 */
export function sensorThingsRoutes(deps: {
  db: Kysely<Database>;
  /** Whether `X-Forwarded-Proto` and `X-Forwarded-Host` name the origin of links. */
  trustProxy?: boolean;
  /** The clock of the default window of every Datastream's Observations (the last hour). */
  now?: () => Date;
}) {
  const service = createSensorThingsService({ db: deps.db, now: deps.now ?? (() => new Date()) });
  const router = new Hono();

  router.onError((err, c) => {
    if (err instanceof DomainError) {
      return err.kind === 'not-found'
        ? errorResponse(c, 404, ERROR_CODES.notFound, err.message)
        : errorResponse(c, 400, ERROR_CODES.invalidInput, err.message);
    }
    throw err;
  });

  const answer = async (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      c.header('Allow', 'GET, HEAD');
      return errorResponse(
        c,
        405,
        ERROR_CODES.invalidInput,
        'The SensorThings API here is read only: it answers GET',
      );
    }
    const url = new URL(c.req.url);
    // The path this router is mounted at, from the route that matched (`/api/sta/v1.1/*`).
    const mount = c.req.routePath.replace(/\/\*$/, '').replace(/\/$/, '');
    const rest = url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) : '';
    const base = `${originOf(c, url, deps.trustProxy ?? false)}${mount}`;
    const segments = parsePath(rest);
    if (segments.length === 0) return c.json(service.root(base));
    const result = await service.read(base, segments, [...url.searchParams]);
    switch (result.kind) {
      case 'json':
        return c.json(result.body);
      case 'text':
        return c.text(result.body);
      case 'empty':
        return c.body(null, 204);
    }
  };
  router.all('/', answer);
  router.all('/*', answer);

  return router;
}
