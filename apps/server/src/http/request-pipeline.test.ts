import { Writable } from 'node:stream';
import {
  apiErrorSchema,
  DEFAULT_MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_METADATA_KEYS,
} from '@smart-city/shared';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../test/accounts';
import { testDatabases } from '../test/databases';
import { storedDataFingerprint } from '../test/stored-data';
import {
  createTestApp,
  createTestAppWithCallers,
  createTestEvents,
  createTestServices,
  silentLogger,
} from '../test/test-app';

const SENSOR = 'kolkata-traffic-howrah-bridge';
const DEEP = `${'{"d":'.repeat(5_000)}1${'}'.repeat(5_000)}`;

type Caller = 'admin' | 'operator';
type Endpoint = { method: string; path: string; caller: Caller; valid: () => unknown };

describe.each(testDatabases())('the request pipeline on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: Awaited<ReturnType<typeof createTestAppWithCallers>>;
  let alertId: string;

  beforeAll(async () => {
    database = await create();
    app = await createTestAppWithCallers(database, { alertOnDelay: 'off' });
    await app.services.ingest.ingest([{ sensorId: SENSOR, value: 97 }]);
    alertId = (await app.services.alerts.list({ q: SENSOR, limit: 1 }))[0]!.id;
  });
  afterAll(() => database?.dispose());

  /** The write endpoints an outside tester found answering 500, each with a body it takes. */
  const endpoints = (): Endpoint[] => [
    {
      method: 'POST',
      path: '/api/ingest/readings',
      caller: 'operator',
      valid: () => ({ readings: [{ sensorId: SENSOR, value: 42 }] }),
    },
    {
      method: 'POST',
      path: `/api/alerts/${alertId}/acknowledge`,
      caller: 'operator',
      valid: () => ({ note: 'on it' }),
    },
    {
      method: 'POST',
      path: '/api/notices',
      caller: 'admin',
      valid: () => ({ title: 'Road works', content: 'Park Street closes on Sunday.' }),
    },
    {
      method: 'PATCH',
      path: '/api/profile',
      caller: 'operator',
      valid: () => ({ department: 'Ops' }),
    },
    {
      method: 'PATCH',
      path: `/api/sensors/${SENSOR}`,
      caller: 'operator',
      valid: () => ({ metadata: { note: 'checked' } }),
    },
  ];

  async function send(
    endpoint: Endpoint,
    body: string | undefined,
    contentType: string | null,
    headers: Record<string, string> = {},
  ) {
    const all: Record<string, string> = { Origin: TEST_ORIGIN, Cookie: app[endpoint.caller] };
    if (contentType) all['Content-Type'] = contentType;
    return app.app.request(endpoint.path, {
      method: endpoint.method,
      headers: { ...all, ...headers },
      body,
    });
  }

  /** Expects the one error shape with this status and code, carrying the answer's request id. */
  async function expectError(res: Response, status: number, code: string) {
    expect(res.status).toBe(status);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.error.code).toBe(code);
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    return body.error;
  }

  let before: Record<string, string>;
  beforeEach(async () => {
    // The readings stored in set-up are folded first, so the fold does not land mid-test.
    await app.services.readingsFold.now();
    before = await storedDataFingerprint(database.db);
  });
  const expectNothingStored = async () =>
    expect(await storedDataFingerprint(database.db)).toEqual(before);

  it.each(['{"a" 1}', 'undefined', '0x10', '{"readings": [', '\u00ff\u00fe'])(
    'answers a body that is not JSON (%j) with 400 invalid_json on every write endpoint',
    async (text) => {
      for (const endpoint of endpoints()) {
        const error = await expectError(
          await send(endpoint, text, 'application/json'),
          400,
          'invalid_json',
        );
        expect(error.message, endpoint.path).toMatch(/^The request body is not valid JSON/);
      }
      await expectNothingStored();
    },
  );

  it.each([
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
    '*/*',
    null,
  ])('answers a valid body sent as %s with 415 on every write endpoint', async (type) => {
    for (const endpoint of endpoints()) {
      const body = JSON.stringify(endpoint.valid());
      // Without a type, a string body is sent as text/plain: the header is removed outright.
      const res =
        type === null
          ? await app.app.request(
              new Request(`http://localhost${endpoint.path}`, {
                method: endpoint.method,
                headers: { Origin: TEST_ORIGIN, Cookie: app[endpoint.caller] },
                body: new TextEncoder().encode(body),
              }),
            )
          : await send(endpoint, body, type);
      await expectError(res, 415, 'unsupported_media_type');
    }
    await expectNothingStored();
  });

  it('refuses a body over the limit with 413 before reading it, declared or streamed', async () => {
    const notices = endpoints().find((e) => e.path === '/api/notices')!;
    const declared = await send(notices, '{}', 'application/json', {
      'Content-Length': String(DEFAULT_MAX_BODY_BYTES + 1),
    });
    await expectError(declared, 413, 'too_large');

    const big = JSON.stringify({ title: 'x', content: 'y'.repeat(DEFAULT_MAX_BODY_BYTES) });
    const chunks = new TextEncoder().encode(big);
    const streamed = await app.app.request(
      new Request('http://localhost/api/notices', {
        method: 'POST',
        headers: { Origin: TEST_ORIGIN, Cookie: app.admin, 'Content-Type': 'application/json' },
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < chunks.length; i += 64 * 1024)
              controller.enqueue(chunks.slice(i, i + 64 * 1024));
            controller.close();
          },
        }),
        duplex: 'half',
      }),
    );
    await expectError(streamed, 413, 'too_large');
    await expectNothingStored();
  });

  it('refuses NUL and unpaired surrogates in any string with 400 naming the field', async () => {
    const [ingest, , notices, profile, sensor] = endpoints();
    const cases: [Endpoint, string, string][] = [
      [
        ingest!,
        `{"readings":[{"sensorId":"${SENSOR}","value":1},{"sensorId":"${SENSOR}","value":2,"unit":"a\\u0000"}]}`,
        'readings.1.unit',
      ],
      [notices!, '{"title":"Water\\u0000 cut","content":"From ten to two today."}', 'title'],
      [profile!, '{"department":"Ops \\ud800"}', 'department'],
      [sensor!, '{"metadata":{"note":"ok","tag\\udc00":1}}', 'metadata.tag\\udc00'],
    ];
    for (const [endpoint, body, field] of cases) {
      const error = await expectError(
        await send(endpoint, body, 'application/json'),
        400,
        'invalid_input',
      );
      expect(error.details, endpoint.path).toEqual([expect.objectContaining({ path: field })]);
    }
    await expectNothingStored();
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels, even thousands deep, with 400`, async () => {
    const [ingest, , , , sensor] = endpoints();
    const readings = `{"readings":[{"sensorId":"${SENSOR}","value":1,"metadata":${DEEP}}]}`;
    const error = await expectError(
      await send(ingest!, readings, 'application/json'),
      400,
      'invalid_input',
    );
    expect(error.message).toContain(`nests deeper than ${MAX_JSON_DEPTH} levels`);
    await expectError(
      await send(sensor!, `{"metadata":${DEEP}}`, 'application/json'),
      400,
      'invalid_input',
    );
    await expectNothingStored();
  });

  it(`refuses metadata with more than ${MAX_METADATA_KEYS} keys with 400`, async () => {
    const [ingest, , , , sensor] = endpoints();
    const metadata = Object.fromEntries(
      Array.from({ length: MAX_METADATA_KEYS + 1 }, (_, i) => [`k${i}`, i]),
    );
    for (const [endpoint, body] of [
      [ingest!, { readings: [{ sensorId: SENSOR, value: 1, metadata }] }],
      [sensor!, { metadata }],
    ] as const) {
      const error = await expectError(
        await send(endpoint, JSON.stringify(body), 'application/json'),
        400,
        'invalid_input',
      );
      expect(error.message).toContain(`at most ${MAX_METADATA_KEYS} keys`);
    }
    await expectNothingStored();
  });

  it('never lets __proto__ or constructor keys reach a prototype', async () => {
    const [ingest, , , , sensor] = endpoints();
    for (const [endpoint, body] of [
      [
        ingest!,
        `{"readings":[{"sensorId":"${SENSOR}","value":1,"metadata":{"__proto__":{"isAdmin":true}}}]}`,
      ],
      [sensor!, '{"metadata":{"constructor":{"prototype":{"isAdmin":true}}}}'],
      [sensor!, '{"__proto__":{"status":"inactive"}}'],
    ] as const) {
      const error = await expectError(
        await send(endpoint, body, 'application/json'),
        400,
        'invalid_input',
      );
      expect(error.message).toContain('key is a reserved name');
    }
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    await expectNothingStored();
  });

  it('refuses NUL in a path id or a query value with 400, never reaching the database', async () => {
    for (const path of [
      '/api/sensors/a%00b',
      '/api/notices/%00',
      '/api/alerts?q=a%00b',
      '/api/sensors?city=kolkata&type=a%00',
      '/api/sensors/%ED%A0%80',
    ]) {
      const res = await app.app.request(path, { headers: { Cookie: app.operator } });
      await expectError(res, 400, 'invalid_input');
    }
  });

  it('still takes an empty body where none is needed, and names missing fields where one is', async () => {
    const [, acknowledge, notices] = endpoints();
    const refused = await send(notices!, undefined, null);
    const error = await expectError(refused, 400, 'invalid_input');
    expect(error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'title' })]),
    );
    expect((await send(acknowledge!, undefined, null)).status).toBe(200);
  });

  describe('request ids', () => {
    it("keeps a caller's safe X-Request-Id, answers it, and makes one otherwise", async () => {
      const kept = await app.app.request('/api/cities', {
        headers: { 'X-Request-Id': 'lb-7f3a.42' },
      });
      expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
      for (const unsafe of ['', 'a b', 'x'.repeat(129), '<script>']) {
        const made = await app.app.request('/api/cities', { headers: { 'X-Request-Id': unsafe } });
        expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
      const plain = await app.app.request('/api/no-such-thing');
      const error = await expectError(plain, 404, 'not_found');
      expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers a real fault with a bare 500 and logs it with the request id', async () => {
      const lines: Record<string, unknown>[] = [];
      const logger = pino(
        { level: 'warn' },
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
            done();
          },
        }),
      );
      const services = createTestServices(database, { events: createTestEvents() });
      const failing = async (): Promise<never> => {
        throw new Error('the disk is on fire at /var/lib/db: select * from notices');
      };
      const broken = createTestApp(database, {
        logger,
        services: { ...services, notices: { ...services.notices, list: failing } },
      });
      const res = await broken.request('/api/notices', { headers: { 'X-Request-Id': 'fault-1' } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        error: { code: 'internal', message: 'Internal server error', requestId: 'fault-1' },
      });
      expect(text).not.toMatch(/select|at .*\.ts|node_modules|\/src\//i);
      expect(lines).toContainEqual(
        expect.objectContaining({ requestId: 'fault-1', msg: 'unhandled error' }),
      );
    });

    it('answers 503 with Retry-After, not 500, while the database is away', async () => {
      const services = createTestServices(database, { events: createTestEvents() });
      // What pg says when PostgreSQL restarts under a query, and when it is not back yet.
      const lost = Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
      for (const err of [lost, refused, new Error('Connection terminated unexpectedly')]) {
        const away = createTestApp(database, {
          logger: silentLogger,
          services: {
            ...services,
            notices: { ...services.notices, list: () => Promise.reject(err) },
          },
        });
        const res = await away.request('/api/notices', { headers: { 'X-Request-Id': 'away-1' } });
        expect(res.status, err.message).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toEqual({
          error: {
            code: 'unavailable',
            message: 'The database is unavailable; try again in a few seconds',
            requestId: 'away-1',
          },
        });
      }
    });
  });
});
