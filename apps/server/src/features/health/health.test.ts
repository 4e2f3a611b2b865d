import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../test/databases';
import { createLifecycle } from '../../lib/lifecycle';
import { createStartupApp } from '../../startup-app';
import { createHealthService, DATABASE_CHECK_REUSE_MS } from './health.service';
import { createTestApp } from '../../test/test-app';

describe.each(testDatabases())('GET /api/health on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => database?.dispose());

  it('answers ok while the database answers', async () => {
    const res = await createTestApp(database).request('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      status: 'ok',
      database: 'ok',
      uptimeS: expect.any(Number),
      version: '0.0.0-test',
    });
  });

  it('answers 503 with database "down" once the database is gone', async () => {
    const app = createTestApp(database);
    await database.close();
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'error', database: 'down' });
  });
});

describe.each(testDatabases())('liveness and readiness on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => database?.dispose());

  it('is live in every phase, and ready only once started and until it stops', async () => {
    const lifecycle = createLifecycle('ready');
    const app = createTestApp(database, { lifecycle });
    const live = await app.request('/api/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({
      status: 'ok',
      phase: 'ready',
      uptimeS: expect.any(Number),
      version: '0.0.0-test',
    });
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, phase: 'ready', database: 'ok' });

    lifecycle.enter('stopping');
    const stopping = await app.request('/api/health/ready');
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ ready: false, phase: 'stopping', database: 'unknown' });
    expect((await app.request('/api/health/live')).status).toBe(200);
  });

  it('is not ready while the database does not answer', async () => {
    const app = createTestApp(database);
    await database.close();
    const res = await app.request('/api/health/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false, phase: 'ready', database: 'down' });
  });
});

describe('the port while the server starts', () => {
  it('answers live, not ready (with the phase), and 503 with Retry-After for the rest', async () => {
    const lifecycle = createLifecycle('migrating');
    const app = createStartupApp({ lifecycle, version: '1.2.3', startedAt: Date.now() });
    const live = await app.request('/api/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok', phase: 'migrating', version: '1.2.3' });
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, phase: 'migrating', database: 'unknown' });
    const other = await app.request('/api/sensors');
    expect(other.status).toBe(503);
    expect(other.headers.get('retry-after')).toBe('2');
    expect(await other.json()).toMatchObject({ error: { code: 'unavailable' } });
  });
});

describe('the database check behind health and readiness', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the database once for a flood of probes, and again once its answer is a second old', async () => {
    vi.useFakeTimers();
    let up = false;
    const probe = vi.fn(() => (up ? Promise.resolve() : Promise.reject(new Error('refused'))));
    const health = createHealthService({ sensors: { probe }, version: '1.2.3', startedAt: 0 });

    const flood = await Promise.all(Array.from({ length: 50 }, () => health.check()));
    expect(flood.every((report) => report.database === 'down')).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);

    up = true;
    expect((await health.check()).database).toBe('down');
    vi.advanceTimersByTime(DATABASE_CHECK_REUSE_MS);
    expect((await health.check()).database).toBe('ok');
    expect(probe).toHaveBeenCalledTimes(2);
  });
});
