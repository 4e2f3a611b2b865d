import type { ClientConfig } from '@smart-city/shared';

export type ClientConfigService = { get: () => ClientConfig };

/** What the web app may know of the server's configuration: the map's tile source, e-mail on or off. */
export function createClientConfigService(settings: {
  mapTileUrl?: string | null;
  mapTileAttribution?: string | null;
  emailEnabled?: boolean;
}): ClientConfigService {
  const config: ClientConfig = {
    mapTileUrl: settings.mapTileUrl ?? null,
    // A credit line without tiles would credit nothing.
    mapTileAttribution: settings.mapTileUrl ? (settings.mapTileAttribution ?? null) : null,
    emailEnabled: settings.emailEnabled ?? false,
  };
  return { get: () => config };
}
