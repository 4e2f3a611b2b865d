import { CLIENT_CONFIG_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { ClientConfigService } from './client-config.service';

export function clientConfigRoutes(clientConfig: ClientConfigService) {
  return createRouter().openapi(routeOf(CLIENT_CONFIG_ENDPOINTS.get), async (c) => {
    // It changes only with a restart or the tile server's reachability; a short cache keeps the
    // map from asking on every visit.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await clientConfig.get(), 200);
  });
}
