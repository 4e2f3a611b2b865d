import type { ClientConfig } from '@smart-city/shared';
import { OSM_TILES } from '../../config';

export type ClientConfigService = { get: () => Promise<ClientConfig> };

/** How long a tile server's answer (or silence) holds before it is asked again. */
export const TILE_CHECK_INTERVAL_MS = 10 * 60_000;
const TILE_CHECK_TIMEOUT_MS = 3_000;

/**
 * Whether a tile server answers: the world tile (0/0/0), within a few seconds. OpenStreetMap's
 * usage policy asks every client to name itself.
 */
export async function tileServerAnswers(template: string): Promise<boolean> {
  const url = template.replace('{z}', '0').replace('{x}', '0').replace('{y}', '0');
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(TILE_CHECK_TIMEOUT_MS),
      headers: { 'User-Agent': 'smart-city-platform (sensor map base layer check)' },
    });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * What the web app may know of the server's configuration: the map's tile source, e-mail on or off.
 * `tiles` is the configured source (null: none). The default source (OpenStreetMap) is offered
 * only while this server can reach it, so a city without internet access gets the map's plain
 * view instead of a page full of failed tile requests, and the map says its base map is
 * unavailable; a source the city set itself is trusted as it is.
 */
export function createClientConfigService(settings: {
  tiles?: { url: string; attribution: string | null } | null;
  emailEnabled?: boolean;
  /** Checks the default source; tests pass their own. */
  tilesAnswer?: (url: string) => Promise<boolean>;
  now?: () => number;
}): ClientConfigService {
  const tiles = settings.tiles ?? null;
  const withTiles: ClientConfig = {
    mapTileUrl: tiles?.url ?? null,
    // A credit line without tiles would credit nothing.
    mapTileAttribution: tiles ? tiles.attribution : null,
    mapBasemap: tiles ? 'tiles' : 'off',
    emailEnabled: settings.emailEnabled ?? false,
  };
  const withoutTiles: ClientConfig = {
    ...withTiles,
    mapTileUrl: null,
    mapTileAttribution: null,
    mapBasemap: 'unreachable',
  };
  if (!tiles || tiles.url !== OSM_TILES.url) return { get: () => Promise.resolve(withTiles) };

  const answers = settings.tilesAnswer ?? tileServerAnswers;
  const now = settings.now ?? Date.now;
  let checked: { at: number; reachable: Promise<boolean> } | null = null;
  return {
    async get() {
      if (!checked || now() - checked.at >= TILE_CHECK_INTERVAL_MS) {
        checked = { at: now(), reachable: answers(tiles.url) };
      }
      return (await checked.reachable) ? withTiles : withoutTiles;
    },
  };
}
