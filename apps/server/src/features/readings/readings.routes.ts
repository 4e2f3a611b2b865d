import { READING_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { ReadingsService } from './readings.service';

export function readingsRoutes(readings: ReadingsService) {
  return createRouter()
    .openapi(routeOf(READING_ENDPOINTS.history), async (c) =>
      c.json(await readings.history(c.req.valid('param').id, c.req.valid('query').window), 200),
    )
    .openapi(routeOf(READING_ENDPOINTS.storage), async (c) => {
      const storage = await readings.storage();
      return c.json(
        { ...storage, oldestReading: storage.oldestReading?.toISOString() ?? null },
        200,
      );
    });
}
