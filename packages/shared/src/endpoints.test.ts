import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredEndpoints } from './endpoint-registry';
import { pathOf } from './endpoints';

describe('pathOf', () => {
  const one = { method: 'get', path: '/api/alerts/{id}/history' } as const;

  it('fills each path parameter, encoded', () => {
    expect(pathOf(one, { id: 'a/b c' })).toBe('/api/alerts/a%2Fb%20c/history');
    expect(pathOf({ method: 'post', path: '/api/a/{x}/{y}' }, { x: 1, y: 'z' })).toBe('/api/a/1/z');
  });

  it('refuses a call without one: a request to the wrong resource is worse than none', () => {
    expect(() => pathOf(one, {})).toThrow('GET /api/alerts/{id}/history needs its id');
    expect(() => pathOf(one, { id: '' })).toThrow('needs its id');
  });

  it('adds the query: lists one value each, times as ISO, nothing for what is not given', () => {
    expect(
      pathOf({ method: 'get', path: '/api/alerts' }, undefined, {
        city: 'kolkata',
        status: ['active', 'acknowledged'],
        after: new Date('2026-12-01T10:00:00Z'),
        limit: 20,
        cursor: undefined,
        q: null,
      }),
    ).toBe(
      '/api/alerts?city=kolkata&status=active&status=acknowledged&after=2026-12-01T10%3A00%3A00.000Z&limit=20',
    );
    expect(pathOf({ method: 'get', path: '/api/notices' }, undefined, {})).toBe('/api/notices');
  });
});

describe('every declared endpoint', () => {
  const all = declaredEndpoints();

  it.each(all)('$id: names in its path exactly the parameters its schema takes', ({ endpoint }) => {
    const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const declared =
      endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
    expect(declared).toEqual(inPath);
  });

  it.each(all)(
    '$id: answers a body unless 204, and takes a body only when it may',
    ({ endpoint }) => {
      expect(endpoint.response === undefined).toBe(
        endpoint.status === 204 || endpoint.file !== undefined,
      );
      if (endpoint.method === 'get' || endpoint.method === 'delete') {
        expect(endpoint.body ?? endpoint.upload).toBeUndefined();
      }
      expect(endpoint.body !== undefined && endpoint.upload !== undefined).toBe(false);
    },
  );

  it('is one method and path only once', () => {
    const routes = all.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
