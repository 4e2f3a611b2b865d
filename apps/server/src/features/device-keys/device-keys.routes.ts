import { DEVICE_KEY_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { DeviceKeysService } from './device-keys.service';

export function deviceKeysRoutes(keys: DeviceKeysService) {
  return createRouter()
    .openapi(routeOf(DEVICE_KEY_ENDPOINTS.create), async (c) =>
      c.json(await keys.create(c.req.valid('json'), c.get('user').email), 201),
    )
    .openapi(routeOf(DEVICE_KEY_ENDPOINTS.list), async (c) => c.json(await keys.list(), 200))
    .openapi(routeOf(DEVICE_KEY_ENDPOINTS.revoke), async (c) => {
      await keys.revoke(c.req.valid('param').id);
      return c.body(null, 204);
    });
}
