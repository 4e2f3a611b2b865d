import { clientConfigSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { createTestApp } from '../../test/test-app';

describe.each(testDatabases())('GET /api/client-config on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => database?.dispose());

  function appWithTiles(clientConfig: { mapTileUrl?: string; mapTileAttribution?: string }) {
    return createTestApp(database, { clientConfig });
  }

  it('answers without a sign-in that there is no tile source by default', async () => {
    const res = await createTestApp(database).request('/api/client-config');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(clientConfigSchema.parse(await res.json())).toEqual({
      mapTileUrl: null,
      mapTileAttribution: null,
      emailEnabled: false,
    });
  });

  it('hands the configured tile URL template and its credit line to the web app', async () => {
    const app = appWithTiles({
      mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© Example Maps',
    });
    const res = await app.request('/api/client-config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© Example Maps',
      emailEnabled: false,
    });
  });

  it('drops a credit line that has no tiles to credit', async () => {
    const res = await appWithTiles({ mapTileAttribution: '© Example Maps' }).request(
      '/api/client-config',
    );
    expect(await res.json()).toEqual({
      mapTileUrl: null,
      mapTileAttribution: null,
      emailEnabled: false,
    });
  });

  it('is described in the OpenAPI document', async () => {
    const res = await createTestApp(database).request('/api/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty('/api/client-config');
  });
});
