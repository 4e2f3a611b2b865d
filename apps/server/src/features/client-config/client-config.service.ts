import type { ClientConfig } from '@smart-city/shared';

export type ClientConfigService = { get: () => ClientConfig };

/** What the web app may know of the server's configuration: only the map's tile source. */
export function createClientConfigService(settings: {
  mapTileUrl?: string | null;
  mapTileAttribution?: string | null;
}): ClientConfigService {
  const config: ClientConfig = {
    mapTileUrl: settings.mapTileUrl ?? null,
    // A credit line without tiles would credit nothing.
    mapTileAttribution: settings.mapTileUrl ? (settings.mapTileAttribution ?? null) : null,
  };
  return { get: () => config };
}
