import { z } from 'zod';
import type { Endpoint } from './endpoints';

/**
 * Where the sensor map's base layer stands: `tiles` (a tile server is offered), `unreachable` (one
 * is configured, but the server could not reach it: the map says so over its plain view) or `off`
 * (the city chose the plain view, `MAP_TILE_URL=off`).
 */
export const MAP_BASEMAP_STATES = ['tiles', 'unreachable', 'off'] as const;
export const mapBasemapSchema = z.enum(MAP_BASEMAP_STATES);
export type MapBasemap = z.infer<typeof mapBasemapSchema>;

/**
 * `GET /api/client-config` (public): the runtime settings the web app needs from the server's
 * configuration. A null tile URL means the map draws sensors on a plain background without a basemap.
 */
export const clientConfigSchema = z
  .object({
    /** Raster tile URL template with {z}/{x}/{y} (MAP_TILE_URL), or null for no basemap. */
    mapTileUrl: z.string().nullable(),
    /** Credit line the tile provider asks for (MAP_TILE_ATTRIBUTION), or null. */
    mapTileAttribution: z.string().nullable(),
    /** Why there is no tile URL, or `tiles` when there is one. */
    mapBasemap: mapBasemapSchema.default('off'),
    /** Whether the server sends e-mail (SMTP_URL is set); off, notifications stay in the app. */
    emailEnabled: z.boolean().default(false),
  })
  .meta({ id: 'ClientConfig' });

export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** The configuration of a server that names no tile provider. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  mapTileUrl: null,
  mapTileAttribution: null,
  mapBasemap: 'off',
  emailEnabled: false,
};

/** The web app's runtime settings. */
export const CLIENT_CONFIG_ENDPOINTS = {
  get: {
    method: 'get',
    path: '/api/client-config',
    summary: 'Runtime settings of the web app: the map tile source, if any',
    notes:
      'The tile source is the one MAP_TILE_URL names, OpenStreetMap when unset (offered only while the server can reach it), or none with MAP_TILE_URL=off.',
    tags: ['Meta'],
    access: 'public',
    status: 200,
    response: clientConfigSchema,
    description: 'The settings',
  },
} as const satisfies Record<string, Endpoint>;
