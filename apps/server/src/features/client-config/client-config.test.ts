import { clientConfigSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { createTestApp } from '../../test/test-app';
import { OSM_TILES } from '../../config';
import { TILE_CHECK_INTERVAL_MS, tileServerAnswers } from './client-config.service';

describe.each(testDatabases())('GET /api/client-config on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => database?.dispose());

  function appWithTiles(tiles: { url: string; attribution: string | null } | null) {
    return createTestApp(database, { clientConfig: { tiles } });
  }

  it('answers without a sign-in that there is no tile source by default', async () => {
    const res = await createTestApp(database).request('/api/client-config');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(clientConfigSchema.parse(await res.json())).toEqual({
      mapTileUrl: null,
      mapTileAttribution: null,
      mapBasemap: 'off',
      emailEnabled: false,
    });
  });

  it('hands the configured tile URL template and its credit line to the web app', async () => {
    const app = appWithTiles({
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Example Maps',
    });
    const res = await app.request('/api/client-config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© Example Maps',
      mapBasemap: 'tiles',
      emailEnabled: false,
    });
  });

  it('offers no tiles when told off', async () => {
    const res = await appWithTiles(null).request('/api/client-config');
    expect(await res.json()).toEqual({
      mapTileUrl: null,
      mapTileAttribution: null,
      mapBasemap: 'off',
      emailEnabled: false,
    });
  });

  it("offers OpenStreetMap's tiles with their credit only while its tile server answers", async () => {
    let reachable = false;
    let clock = 0;
    const asked: string[] = [];
    const app = createTestApp(database, {
      clientConfig: {
        tiles: { ...OSM_TILES },
        tilesAnswer: (url) => {
          asked.push(url);
          return Promise.resolve(reachable);
        },
        now: () => clock,
      },
    });
    const read = async () => (await app.request('/api/client-config')).json();
    // Offline: the map keeps its plain view and says its base map is unavailable, and nothing asks
    // the tile server again for a while.
    const unreachable = { mapTileUrl: null, mapTileAttribution: null, mapBasemap: 'unreachable' };
    expect(await read()).toMatchObject(unreachable);
    reachable = true;
    expect(await read()).toMatchObject(unreachable);
    expect(asked).toEqual([OSM_TILES.url]);
    clock += TILE_CHECK_INTERVAL_MS;
    expect(await read()).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© OpenStreetMap contributors',
      mapBasemap: 'tiles',
    });
  });

  it('is described in the OpenAPI document', async () => {
    const res = await createTestApp(database).request('/api/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty('/api/client-config');
  });
});

describe('tileServerAnswers', () => {
  it('asks for the world tile and says whether it came', async () => {
    const { createServer } = await import('node:http');
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.url} ${req.headers['user-agent']}`);
      res.writeHead(req.url === '/ok/0/0/0.png' ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      expect(await tileServerAnswers(`http://127.0.0.1:${port}/ok/{z}/{x}/{y}.png`)).toBe(true);
      expect(await tileServerAnswers(`http://127.0.0.1:${port}/gone/{z}/{x}/{y}.png`)).toBe(false);
      expect(seen[0]).toMatch(/^\/ok\/0\/0\/0\.png smart-city-platform/);
    } finally {
      server.close();
    }
    // Nothing listening at all.
    expect(await tileServerAnswers(`http://127.0.0.1:${port}/ok/{z}/{x}/{y}.png`)).toBe(false);
  });
});
