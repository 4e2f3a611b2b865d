import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { declaredEndpoints } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './test/databases';
import { createTestApp } from './test/test-app';

const [embedded] = testDatabases();

describe('the HTTP application', () => {
  let database: Awaited<ReturnType<NonNullable<typeof embedded>['create']>>;
  let app: ReturnType<typeof createTestApp>;
  let dist: string;

  beforeAll(async () => {
    database = await embedded!.create();
    dist = await mkdtemp(path.join(tmpdir(), 'smart-city-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Smart City</title><div id="root"></div>',
    );
    await writeFile(
      path.join(dist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = createTestApp(database, { webDistDir: dist });
  });
  afterAll(async () => {
    await database?.dispose();
    await rm(dist, { recursive: true, force: true });
  });

  it('publishes a valid OpenAPI 3 document listing the endpoints', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/cities']));
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('documents each declared endpoint as declared, with the failures its kind brings', async () => {
    type Operation = {
      summary: string;
      security?: unknown[];
      responses: Record<string, { description: string }>;
    };
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    for (const { endpoint } of declaredEndpoints()) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method];
      const where = `${endpoint.method} ${endpoint.path}`;
      expect(operation, where).toBeDefined();
      expect(operation!.summary, where).toBe(endpoint.summary);
      expect(operation!.security !== undefined, where).toBe(endpoint.access !== 'public');
      const statuses = Object.keys(operation!.responses).map(Number);
      expect(statuses, where).toContain(endpoint.status);
      expect(statuses.includes(400), where).toBe(
        Boolean(endpoint.params ?? endpoint.query ?? endpoint.body ?? endpoint.upload),
      );
      expect(statuses.includes(401), where).toBe(endpoint.access !== 'public');
      expect(statuses.includes(403), where).toBe(typeof endpoint.access === 'function');
      for (const [status, text] of Object.entries(endpoint.errors ?? {})) {
        expect(operation!.responses[status]?.description, where).toBe(text);
      }
    }
    const update = doc.paths['/api/notices/{id}']!.patch!;
    expect(Object.keys(update.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(update.responses['401']!.description).toBe('Not signed in');
  });

  it('documents the facts an alert carries, one shape per rule kind', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> } & object> };
    };
    const { Alert, AlertFacts } = doc.components.schemas;
    expect(Alert?.properties?.facts).toBeDefined();
    const kinds = JSON.stringify(AlertFacts);
    for (const kind of ['threshold', 'energy', 'water-ph', 'water-turbidity', 'offline']) {
      expect(kinds).toContain(`"${kind}"`);
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/cities/kolkata'],
      ['GET', '/api'],
    ] as const) {
      const res = await app.request(url, { method });
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({
        error: {
          code: 'not_found',
          message: `No such endpoint: ${method} ${url}`,
          requestId: expect.any(String),
        },
      });
    }
  });

  it('serves index.html for client routes, without caching', async () => {
    for (const url of ['/', '/dashboard', '/announcements/42', '/no/such/page']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable and compresses them', async () => {
    const res = await app.request('/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers a revalidation with 304 and a missing asset with 404', async () => {
    const first = await app.request('/favicon.svg');
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = first.headers.get('etag')!;
    const again = await app.request('/favicon.svg', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect((await app.request('/assets/gone-123.js')).status).toBe(404);
  });

  it('never serves files outside the web folder', async () => {
    const res = await app.request('/..%2f..%2fpackage.json');
    expect(await res.text()).not.toContain('"dependencies"');
  });
});
