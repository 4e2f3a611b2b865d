import { MAINTENANCE_WINDOW_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { MaintenanceWindowsService } from './maintenance-windows.service';

export function maintenanceWindowsRoutes(windows: MaintenanceWindowsService) {
  return createRouter()
    .openapi(routeOf(MAINTENANCE_WINDOW_ENDPOINTS.list), async (c) =>
      c.json(await windows.list(c.req.valid('query').city), 200),
    )
    .openapi(routeOf(MAINTENANCE_WINDOW_ENDPOINTS.create), async (c) =>
      c.json(await windows.create(c.req.valid('json'), c.get('user')), 201),
    )
    .openapi(routeOf(MAINTENANCE_WINDOW_ENDPOINTS.end), async (c) => {
      await windows.remove(c.req.valid('param').id, c.get('user'));
      return c.body(null, 204);
    });
}
