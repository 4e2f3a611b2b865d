import { OPEN_DATA_ENDPOINTS, type OpenLatestValue, type OpenSensor } from '@smart-city/shared';
import type { Context } from 'hono';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import { sendCached, type AnswerCache, type CachedAnswer } from './answer-cache';
import { toCsv } from './csv';
import type { OpenDataService } from './open-data.service';

const JSON_TYPE = 'application/json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

/** How long each kind of answer is made once for everyone, in seconds. */
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

const json = (value: unknown, maxAgeS: number) => ({
  body: JSON.stringify(value),
  contentType: JSON_TYPE,
  maxAgeS,
});

const SENSOR_COLUMNS = ['id', 'name', 'type', 'city', 'location', 'lat', 'lng', 'status', 'unit'];
const sensorRow = (s: OpenSensor) => [
  s.id,
  s.name,
  s.type,
  s.city,
  s.location,
  s.lat,
  s.lng,
  s.status,
  s.unit,
];

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

/**
 * Sends a cached JSON answer. The route declares its body's schema for the document and the input
 * checks; the cache holds the text already made from that same shape, so the typed `c.json` is
 * passed by (the answer is typed as whatever the route expects).
 */
function sendJson(c: Context, answer: CachedAnswer): never {
  return sendCached(c, answer) as never;
}

/** The routes are typed inside; outside, the app needs only a router (their chain is long). */
export function openDataRoutes(
  openData: OpenDataService,
  cache: AnswerCache,
): ReturnType<typeof createRouter> {
  const E = OPEN_DATA_ENDPOINTS;
  return createRouter()
    .openapi(routeOf(E.cities), async (c) =>
      sendJson(
        c,
        await cache.get('cities', FRESH_S.cities * 1000, async () =>
          json({ items: await openData.cities() }, FRESH_S.cities),
        ),
      ),
    )
    .openapi(routeOf(E.sensors), async (c) => {
      const { city } = c.req.valid('param');
      const query = c.req.valid('query');
      const key = `sensors:${city}:${JSON.stringify(query)}`;
      return sendJson(
        c,
        await cache.get(key, FRESH_S.sensors * 1000, async () =>
          json(await openData.sensors(city, query), FRESH_S.sensors),
        ),
      );
    })
    .openapi(routeOf(E.sensorsCsv), async (c) => {
      const { city } = c.req.valid('param');
      const query = c.req.valid('query');
      const key = `sensors.csv:${city}:${JSON.stringify(query)}`;
      return sendCached(
        c,
        await cache.get(key, FRESH_S.sensors * 1000, async () => {
          const page = await openData.sensors(city, query);
          return {
            body: toCsv(SENSOR_COLUMNS, page.items.map(sensorRow)),
            contentType: CSV_TYPE,
            maxAgeS: FRESH_S.sensors,
            headers: nextLink(c.req.url, page.nextCursor),
          };
        }),
      );
    })
    .openapi(routeOf(E.latest), async (c) => {
      const { city } = c.req.valid('param');
      const query = c.req.valid('query');
      const key = `latest:${city}:${JSON.stringify(query)}`;
      return sendJson(
        c,
        await cache.get(key, FRESH_S.latest * 1000, async () =>
          json(await openData.latest(city, query), FRESH_S.latest),
        ),
      );
    })
    .openapi(routeOf(E.latestCsv), async (c) => {
      const { city } = c.req.valid('param');
      const query = c.req.valid('query');
      const key = `latest.csv:${city}:${JSON.stringify(query)}`;
      return sendCached(
        c,
        await cache.get(key, FRESH_S.latest * 1000, async () => {
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
            maxAgeS: FRESH_S.latest,
            headers: nextLink(c.req.url, page.nextCursor),
          };
        }),
      );
    })
    .openapi(routeOf(E.history), async (c) => {
      const { id } = c.req.valid('param');
      const query = c.req.valid('query');
      const key = `history:${id}:${JSON.stringify(query)}`;
      return sendJson(
        c,
        await cache.get(key, FRESH_S.history * 1000, async () =>
          json(await openData.history(id, query), FRESH_S.history),
        ),
      );
    })
    .openapi(routeOf(E.historyCsv), async (c) => {
      const { id } = c.req.valid('param');
      const query = c.req.valid('query');
      const key = `history.csv:${id}:${JSON.stringify(query)}`;
      return sendCached(
        c,
        await cache.get(key, FRESH_S.history * 1000, async () => {
          const history = await openData.history(id, query);
          return {
            body: toCsv(
              ['sensor_id', 'start', 'mean', 'min', 'max', 'count', 'unit'],
              history.points.map((p) => [id, p.start, p.mean, p.min, p.max, p.count, history.unit]),
            ),
            contentType: CSV_TYPE,
            maxAgeS: FRESH_S.history,
          };
        }),
      );
    })
    .openapi(routeOf(E.airQuality), async (c) => {
      const { city } = c.req.valid('param');
      const { area } = c.req.valid('query');
      return sendJson(
        c,
        await cache.get(`air:${city}:${area ?? ''}`, FRESH_S.airQuality * 1000, async () =>
          json(await openData.airQuality(city, area), FRESH_S.airQuality),
        ),
      );
    })
    .openapi(routeOf(E.notices), async (c) => {
      const { limit } = c.req.valid('query');
      return sendJson(
        c,
        await cache.get(`notices:${limit}`, FRESH_S.notices * 1000, async () =>
          json({ items: await openData.notices(limit) }, FRESH_S.notices),
        ),
      );
    })
    .openapi(routeOf(E.catalog), async (c) =>
      sendCached(
        c,
        await cache.get('catalog', FRESH_S.catalog * 1000, async () => ({
          body: JSON.stringify(await openData.catalog()),
          contentType: E.catalog.file.contentType,
          maxAgeS: FRESH_S.catalog,
        })),
      ),
    )
    .openapi(routeOf(E.checkpoints), async (c) => {
      const { limit } = c.req.valid('query');
      return sendJson(
        c,
        await cache.get(`checkpoints:${limit}`, FRESH_S.checkpoints * 1000, async () =>
          json({ items: await openData.checkpoints(limit) }, FRESH_S.checkpoints),
        ),
      );
    });
}
