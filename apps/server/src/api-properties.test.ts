import { apiErrorSchema } from '@smart-city/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, TEST_ORIGIN } from './test/accounts';
import {
  contentTypes,
  pathSegment,
  queryValues,
  rawBodies,
  valueFor,
  type SchemaObject,
} from './test/api-arbitraries';
import { testDatabases } from './test/databases';
import { storedDataFingerprint } from './test/stored-data';
import { createTestAppWithCallers } from './test/test-app';

/**
 * For every endpoint of the OpenAPI document: generated path ids, query strings, bodies and content
 * types never get a 5xx, always get the one error shape when refused, never leak a stack, SQL or a
 * file path, and never change stored data when refused. CI runs a fixed seed; locally each run
 * draws a new one. A failure names the seed and the request: rerun with FC_SEED=<seed>.
 */
const SEED = Number(process.env.FC_SEED ?? (process.env.CI ? 20_261_124 : Date.now() % 2 ** 31));
const RUNS = Number(process.env.FC_RUNS ?? 40);

type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: SchemaObject };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, SchemaObject> };
};

type Caller = 'anonymous' | 'citizen' | 'operator' | 'admin';
type GeneratedRequest = {
  caller: Caller;
  path: string;
  query: [string, string[]][];
  contentType: string | null;
  body: string | Uint8Array | undefined;
};

/** What an answer must never show: a stack frame, a file of the server, SQL or a database error. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at |\bat [\w.<>]+ \(/],
  // A Windows path is a drive, a folder and a separator (`C:\\src\\`), so that a key the caller
  // sent and the answer echoes (`"BGU:\\""`) is not taken for one.
  ['a file path', /node_modules|\/src\/|\.tsx?:\d|\b[A-Z]:\\{1,2}[\w.-]+\\|\/home\/|\/work\//],
  ['SQL', /\b(select\s.+\sfrom|insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i],
  [
    'a database error',
    /syntax error at or near|violates .* constraint|relation "|duplicate key|invalid input syntax/i,
  ],
];

function describeRequest(method: string, request: GeneratedRequest): string {
  const query = request.query.map(([k, vs]) => vs.map((v) => `${k}=${v}`).join('&')).join('&');
  const body =
    request.body instanceof Uint8Array ? `<bytes ${[...request.body].join(',')}>` : request.body;
  return `${request.caller} ${method} ${request.path}${query ? `?${query}` : ''} [${request.contentType}] ${String(body).slice(0, 300)}`;
}

describe.each(testDatabases())('every endpoint, whatever it is sent, on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let context: Awaited<ReturnType<typeof createTestAppWithCallers>>;
  let doc: Document;
  const knownIds: Record<string, string[]> = {};

  beforeAll(async () => {
    database = await create();
    context = await createTestAppWithCallers(database);
    const { app, services, admin } = context;
    doc = (await (await app.request('/api/openapi.json')).json()) as Document;
    await services.ingest.ingest([{ sensorId: 'kolkata-traffic-howrah-bridge', value: 96 }]);
    const notice = await postJson(
      app,
      '/api/notices',
      { title: 'Road works on Park Street', content: 'Lanes close from ten until two.' },
      { cookie: admin },
    );
    const key = await postJson(
      app,
      '/api/device-keys',
      { name: 'Gauge 7', city: 'kolkata' },
      { cookie: admin },
    );
    knownIds.sensors = ['kolkata-traffic-howrah-bridge', 'new-york-air-quality-times-square'];
    knownIds.alerts = (await services.alerts.list({ limit: 3 })).map((alert) => alert.id);
    knownIds.notices = [((await notice.json()) as { data: { id: string } }).data.id];
    knownIds['device-keys'] = [((await key.json()) as { id?: string }).id ?? 'missing'];
    const policy = await postJson(
      app,
      '/api/escalation-policies',
      { city: 'kolkata', severity: 'high', steps: [{ afterSeconds: 60, action: 'notify' }] },
      { cookie: admin },
    );
    knownIds['escalation-policies'] = [((await policy.json()) as { id?: string }).id ?? 'missing'];
    // An assignment gives the operator a notification to read.
    const operatorId = (await services.staff.list()).find((s) => s.role === 'operator')!.id;
    await postJson(
      app,
      `/api/alerts/${knownIds.alerts[0]}/assign`,
      { assigneeId: operatorId },
      { cookie: admin },
    );
    knownIds.notifications = (
      await services.notifications.list(operatorId, { limit: 5 })
    ).items.map((n) => n.id);
  });
  afterAll(() => database?.dispose());

  const resolve = (ref: string): SchemaObject =>
    doc.components?.schemas?.[ref.replace('#/components/schemas/', '')] ?? {};

  /** Every operation of the document; read when the tests are collected, after beforeAll. */
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );

  function requestArbitrary(path: string, operation: Operation): fc.Arbitrary<GeneratedRequest> {
    const family = path.split('/')[2] ?? '';
    const segments = path
      .split('/')
      .map((part) =>
        /^\{\w+\}$/.test(part) ? pathSegment(knownIds[family] ?? []) : fc.constant(part),
      );
    const queryParameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
    const query = fc.tuple(
      ...queryParameters.map((p) =>
        fc.option(
          queryValues(p.schema, resolve).map((values): [string, string[]] => [p.name, values]),
          {
            freq: 3,
          },
        ),
      ),
      fc.option(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), { freq: 5 }),
    );
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    const body = schema
      ? fc.oneof(
          { weight: 6, arbitrary: valueFor(schema, resolve).map((v) => JSON.stringify(v)) },
          { weight: 2, arbitrary: rawBodies },
          { weight: 1, arbitrary: fc.constant(undefined) },
        )
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: rawBodies },
        );
    return fc.record({
      caller: fc.constantFrom<Caller>('anonymous', 'citizen', 'operator', 'admin'),
      path: fc.tuple(...segments).map((parts) => parts.join('/')),
      query: query.map((entries) => {
        const pairs = entries.slice(0, -1).filter((e): e is [string, string[]] => e !== null);
        const extra = entries.at(-1) as [string, string] | null;
        return extra ? [...pairs, [extra[0], [extra[1]]] as [string, string[]]] : pairs;
      }),
      contentType: contentTypes,
      body,
    });
  }

  async function send(method: string, request: GeneratedRequest): Promise<Response> {
    const search = new URLSearchParams();
    for (const [name, values] of request.query)
      for (const value of values) search.append(name, value);
    const headers: Record<string, string> = { Origin: TEST_ORIGIN };
    if (request.caller !== 'anonymous') headers.Cookie = context[request.caller];
    const withBody = method !== 'GET' && method !== 'HEAD' && request.body !== undefined;
    if (withBody && request.contentType) headers['Content-Type'] = request.contentType;
    const url = `http://localhost${request.path}${search.size ? `?${search.toString()}` : ''}`;
    return context.app.request(
      new Request(url, {
        method,
        headers,
        // A Uint8Array keeps the content type as sent: a string body would add text/plain.
        body: withBody
          ? typeof request.body === 'string'
            ? new TextEncoder().encode(request.body)
            : request.body
          : undefined,
      }),
    );
  }

  /**
   * The fold builds each quarter-hour, hour and day once it has ended, whatever else happens: when
   * one ended between the two looks, its rollup tables (and the fold's marks) are left out of the
   * comparison, and every other table must still be as it was.
   */
  function withoutPeriodsBuiltBetween(data: Record<string, string>, from: number, to: number) {
    const QUARTER_MS = 15 * 60_000;
    if (Math.floor(from / QUARTER_MS) === Math.floor(to / QUARTER_MS)) return data;
    return Object.fromEntries(
      Object.entries(data).filter(
        ([table]) =>
          !/^(sensor_readings_(quarter|hourly|daily)|city_readings_(hourly|daily)|readings_fold)(_|$)/.test(
            table,
          ),
      ),
    );
  }

  it('never answers 5xx, always in the error shape, never leaking, never storing what it refuses', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(30);
    for (const { path, method, operation } of ops) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(path, operation), async (request) => {
          // Earlier successful writes fold their readings and chain their ledger entries in the
          // background: let them settle, so the fingerprint changes only through this request
          // (whose own entry would show).
          const settled = async () => {
            await context.services.readingsFold.now();
            await context.services.ledger.sequence();
            return { at: Date.now(), data: await storedDataFingerprint(database.db) };
          };
          const before = method !== 'GET' ? await settled() : null;
          const res = await send(method, request);
          const text = await res.text();
          const what = `${describeRequest(method, request)} → ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, what).toBeLessThan(500);
          for (const [leak, pattern] of LEAKS)
            expect(pattern.test(text), `${leak} in ${what}`).toBe(false);
          if (res.status >= 400) {
            const parsed = apiErrorSchema.safeParse(JSON.parse(text));
            expect(parsed.success, `error shape of ${what}`).toBe(true);
            expect(parsed.data?.error.requestId, what).toBe(res.headers.get('x-request-id'));
            if (before) {
              const after = await settled();
              expect(
                withoutPeriodsBuiltBetween(after.data, before.at, after.at),
                `stored data after ${what}`,
              ).toEqual(withoutPeriodsBuiltBetween(before.data, before.at, after.at));
            }
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
  }, 600_000);
});
