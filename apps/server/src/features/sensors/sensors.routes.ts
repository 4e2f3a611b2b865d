import { SENSOR_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { SensorsService } from './sensors.service';

/** The page size when a cursor comes without a limit. */
const DEFAULT_PAGE_SIZE = 100;

export function sensorsRoutes(sensors: SensorsService) {
  return createRouter()
    .openapi(routeOf(SENSOR_ENDPOINTS.list), async (c) => {
      const { sort, limit, cursor, ...filter } = c.req.valid('query');
      if (limit !== undefined || cursor !== undefined) {
        return c.json(
          await sensors.page(filter, { sort, limit: limit ?? DEFAULT_PAGE_SIZE, cursor }),
          200,
        );
      }
      const { sensors: list, total } = await sensors.list(filter, sort);
      c.header('X-Total-Count', String(total));
      return c.json(list, 200);
    })
    .openapi(routeOf(SENSOR_ENDPOINTS.counts), async (c) =>
      c.json(await sensors.counts(c.req.valid('query')), 200),
    )
    .openapi(routeOf(SENSOR_ENDPOINTS.clusters), async (c) => {
      const { zoom, ...filter } = c.req.valid('query');
      return c.json(await sensors.clusters(filter, zoom), 200);
    })
    .openapi(routeOf(SENSOR_ENDPOINTS.get), async (c) =>
      c.json(await sensors.get(c.req.valid('param').id), 200),
    )
    .openapi(routeOf(SENSOR_ENDPOINTS.update), async (c) =>
      c.json(await sensors.update(c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(routeOf(SENSOR_ENDPOINTS.register), async (c) =>
      c.json({ added: await sensors.register(c.req.valid('json').sensors) }, 201),
    );
}
