import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
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
