import {
  OPEN_DATA_ENDPOINTS,
  openSensorSchema,
  type OpenLatestValue,
  type OpenSensor,
} from '@smart-city/shared';
import type { Context } from 'hono';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import { sendCached, type AnswerCache, type AnswerParts } from './answer-cache';
import { toCsv } from './csv';
import type { OpenDataService } from './open-data.service';

const JSON_TYPE = 'application/json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

/** How long each kind of answer is made once for everyone (and may be kept), in seconds. */
const FRESH_S = {
  cities: 60,
  sensors: 30,
  latest: 5,
  history: 60,
  airQuality: 60,
  notices: 30,
  checkpoints: 30,
  catalog: 300,
} as const;

/** A sensor's CSV columns: the open registry's fields, in the contract's order. */
const SENSOR_COLUMNS = Object.keys(openSensorSchema.shape) as (keyof OpenSensor)[];
const sensorRow = (s: OpenSensor) => SENSOR_COLUMNS.map((column) => s[column]);

/** The metrics every row of a latest-values page may carry, in a stable order for the header. */
function metricNames(items: readonly OpenLatestValue[]): string[] {
  return [...new Set(items.flatMap((i) => Object.keys(i.metrics)))].sort();
}

/** A CSV page's link to the next one, as RFC 8288 writes it. */
function nextLink(url: string, cursor: string | null): Record<string, string> {
  if (!cursor) return {};
  const next = new URL(url);
  next.searchParams.set('cursor', cursor);
  next.searchParams.delete('api_key');
  return { Link: `<${next.pathname}${next.search}>; rel="next"` };
}

/** The routes are typed inside; outside, the app needs only a router (their chain is long). */
export function openDataRoutes(
  openData: OpenDataService,
  cache: AnswerCache,
): ReturnType<typeof createRouter> {
  const E = OPEN_DATA_ENDPOINTS;

  /**
   * The answer to this request (its path and checked query), made at most once per `freshS`
   * seconds for everyone and sent with its ETag.
   */
  const send = async (
    c: Context,
    query: unknown,
    freshS: number,
    make: () => Promise<AnswerParts>,
  ): Promise<Response> =>
    sendCached(c, await cache.get(`${c.req.path}?${JSON.stringify(query)}`, freshS, make));

  /**
   * The same for a JSON answer. The route declares its body's schema for the document and the
   * input checks; the cache holds the text already made from that shape, so the typed `c.json` is
   * passed by (the answer is typed as whatever the route expects).
   */
  const sendJson = (c: Context, query: unknown, freshS: number, value: () => Promise<unknown>) =>
    send(c, query, freshS, async () => ({
      body: JSON.stringify(await value()),
      contentType: JSON_TYPE,
    })) as Promise<never>;

  return createRouter()
    .openapi(routeOf(E.cities), (c) =>
      sendJson(c, null, FRESH_S.cities, async () => ({ items: await openData.cities() })),
    )
    .openapi(routeOf(E.sensors), (c) => {
      const { city } = c.req.valid('param');
      const query = c.req.valid('query');
      return sendJson(c, query, FRESH_S.sensors, () => openData.sensors(city, query));
    })
    .openapi(routeOf(E.sensorsCsv), (c) => {
      const { city } = c.req.valid('param');
      const query = c.req.valid('query');
      return send(c, query, FRESH_S.sensors, async () => {
        const page = await openData.sensors(city, query);
        return {
          body: toCsv(SENSOR_COLUMNS, page.items.map(sensorRow)),
          contentType: CSV_TYPE,
          headers: nextLink(c.req.url, page.nextCursor),
        };
      });
    })
    .openapi(routeOf(E.latest), (c) => {
      const { city } = c.req.valid('param');
      const query = c.req.valid('query');
      return sendJson(c, query, FRESH_S.latest, () => openData.latest(city, query));
    })
    .openapi(routeOf(E.latestCsv), (c) => {
      const { city } = c.req.valid('param');
      const query = c.req.valid('query');
      return send(c, query, FRESH_S.latest, async () => {
        const page = await openData.latest(city, query);
        const metrics = metricNames(page.items);
        return {
          body: toCsv(
            ['sensor_id', 'type', 'status', 'value', 'unit', 'at', ...metrics],
            page.items.map((i) => [
              i.sensorId,
              i.type,
              i.status,
              i.value,
              i.unit,
              i.at,
              ...metrics.map((m) => i.metrics[m] ?? null),
            ]),
          ),
          contentType: CSV_TYPE,
          headers: nextLink(c.req.url, page.nextCursor),
        };
      });
    })
    .openapi(routeOf(E.history), (c) => {
      const { id } = c.req.valid('param');
      const query = c.req.valid('query');
      return sendJson(c, query, FRESH_S.history, () => openData.history(id, query));
    })
    .openapi(routeOf(E.historyCsv), (c) => {
      const { id } = c.req.valid('param');
      const query = c.req.valid('query');
      return send(c, query, FRESH_S.history, async () => {
        const history = await openData.history(id, query);
        return {
          body: toCsv(
            ['sensor_id', 'start', 'mean', 'min', 'max', 'count', 'unit'],
            history.points.map((p) => [id, p.start, p.mean, p.min, p.max, p.count, history.unit]),
          ),
          contentType: CSV_TYPE,
        };
      });
    })
    .openapi(routeOf(E.airQuality), (c) => {
      const { city } = c.req.valid('param');
      const query = c.req.valid('query');
      return sendJson(c, query, FRESH_S.airQuality, () => openData.airQuality(city, query.area));
    })
    .openapi(routeOf(E.notices), (c) => {
      const query = c.req.valid('query');
      return sendJson(c, query, FRESH_S.notices, async () => ({
        items: await openData.notices(query.limit),
      }));
    })
    .openapi(routeOf(E.catalog), (c) =>
      send(c, null, FRESH_S.catalog, async () => ({
        body: JSON.stringify(await openData.catalog()),
        contentType: E.catalog.file.contentType,
      })),
    )
    .openapi(routeOf(E.checkpoints), (c) => {
      const query = c.req.valid('query');
      return sendJson(c, query, FRESH_S.checkpoints, async () => ({
        items: await openData.checkpoints(query.limit),
      }));
    });
}
