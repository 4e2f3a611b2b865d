import { HOME_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { HomeService } from './home.service';

export function homeRoutes(home: HomeService) {
  return createRouter().openapi(routeOf(HOME_ENDPOINTS.get), async (c) => {
    // It follows the person's own area, so no shared cache may keep it.
    c.header('Cache-Control', 'private, no-store');
    const { city } = c.req.valid('query');
    return c.json(await home.summary(city, c.get('user').id), 200);
  });
}
