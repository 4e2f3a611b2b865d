import { createRoute } from '@hono/zod-openapi';
import { clientConfigSchema } from '@smart-city/shared';
import { createRouter } from '../../http/router';
import type { ClientConfigService } from './client-config.service';

const getClientConfig = createRoute({
  method: 'get',
  path: '/client-config',
  tags: ['Meta'],
  summary: 'Runtime settings of the web app: the map tile source, if any',
  description:
    'The tile source is the one MAP_TILE_URL names, OpenStreetMap when unset (offered only while the server can reach it), or none with MAP_TILE_URL=off.',
  responses: {
    200: {
      description: 'The settings',
      content: { 'application/json': { schema: clientConfigSchema } },
    },
  },
});

export function clientConfigRoutes(clientConfig: ClientConfigService) {
  return createRouter().openapi(getClientConfig, async (c) => {
    // It changes only with a restart or the tile server's reachability; a short cache keeps the
    // map from asking on every visit.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await clientConfig.get(), 200);
  });
}
