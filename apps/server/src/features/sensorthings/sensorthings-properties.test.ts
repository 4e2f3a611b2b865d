import { apiErrorSchema } from '@smart-city/shared';
import fc from 'fast-check';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAnswer } from '../../http/errors';
import { requestChecks } from '../../http/request-checks';
import { testDatabases } from '../../test/databases';
import { createTestEvents, createTestServices, silentLogger } from '../../test/test-app';
import { sensorThingsRoutes } from './sensorthings.routes';

/**
 * Whatever `$filter`, `$orderby`, `$top`, `$skip`, `$select`, `$expand`, `$skiptoken` and path a
 * client sends, the SensorThings API answers 2xx, 400 or 404 in the one error shape, never a 5xx,
 * and never shows a stack, SQL or a database error. CI runs a fixed seed; locally each run draws a
 * new one. A failure names the seed: rerun with FC_SEED=<seed>.
 */
const SEED = Number(process.env.FC_SEED ?? (process.env.CI ? 20_261_208 : Date.now() % 2 ** 31));
const RUNS = Number(process.env.FC_RUNS ?? 300);

const ROOT = '/api/sta/v1.1';
const SENSOR = 'kolkata-traffic-howrah-bridge';

const LEAKS = [
  /\n\s+at |\bat [\w.<>]+ \(/,
  /node_modules|\/src\/|\.tsx?:\d/,
  /\b(select\s.+\sfrom|insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i,
  /syntax error at or near|violates .* constraint|relation "|invalid input syntax|out of range/i,
];

const PROPERTIES = [
  'name',
  'id',
  '@iot.id',
  'result',
  'phenomenonTime',
  'resultTime',
  'time',
  'properties/city',
  'properties/type',
  'properties/status',
  'properties/x',
  'description',
  'Datastream/name',
  'Thing/properties/city',
  'unknown',
  'constructor',
  '__proto__',
];

const NASTY = [
  '',
  ' ',
  "'",
  "''",
  '(',
  ')',
  '\u0000',
  '\uD800',
  '😀',
  'কলকাতা',
  '%',
  '%ZZ',
  '$',
  '/',
  ';',
  ',',
  '1e999',
  '-1e999',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999999Z',
  '0000-01-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-11-20T10:00:00+24:00',
  '2026-11-20T10:00:00 05:30',
  '2026-11-20',
  "' or 1=1 --",
  '"; drop table sensors; --',
  '__proto__',
  'constructor',
  'valueOf',
  'toString',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

const instant = fc
  .date({
    min: new Date(-62_198_755_200_000),
    max: new Date(253_402_300_799_999),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString());

const literal = fc.oneof(
  text.map((s) => `'${s.replaceAll("'", "''")}'`),
  fc.double().map(String),
  fc.integer().map(String),
  instant,
  fc.constantFrom('null', 'true', 'false', ...NASTY),
);

const comparison = fc
  .tuple(
    fc.constantFrom(...PROPERTIES),
    fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'add', 'has', 'in', ''),
    literal,
    fc.boolean(),
  )
  .map(([property, op, value, flipped]) =>
    flipped ? `${value} ${op} ${property}` : `${property} ${op} ${value}`,
  );

const { filter } = fc.letrec((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    fc
      .tuple(tie('filter'), fc.constantFrom('and', 'or', 'And', ''), tie('filter'))
      .map(([a, op, b]) => `${String(a)} ${op} ${String(b)}`),
    tie('filter').map((a) => `not ${String(a)}`),
    tie('filter').map((a) => `(${String(a)})`),
    fc.constantFrom("substringof('x', name)", 'year(phenomenonTime) eq 2026', 'result add 1 eq 2'),
  ),
}));

/** A grammatical filter with a few characters cut out or put in. */
const mangled = fc.tuple(filter, fc.nat(), fc.nat({ max: 3 }), text).map(([f, at, cut, put]) => {
  const i = f.length === 0 ? 0 : at % f.length;
  return f.slice(0, i) + put + f.slice(i + cut);
});

const orderby = fc.oneof(
  fc
    .array(
      fc.tuple(fc.constantFrom(...PROPERTIES), fc.constantFrom('', ' asc', ' desc', ' sideways')),
      { minLength: 1, maxLength: 3 },
    )
    .map((keys) => keys.map(([p, d]) => `${p}${d}`).join(',')),
  text,
);

const count = fc.oneof(
  fc.constantFrom('0', '1', '5', '100', '1000', '1001', '100000', '100001', '-1', '1.5', '1e3'),
  fc.nat().map(String),
  text,
);

const expandOptions = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constant('$top'), count),
      fc.tuple(fc.constant('$skip'), count),
      fc.tuple(fc.constant('$filter'), filter),
      fc.tuple(fc.constant('$orderby'), orderby),
      fc.tuple(fc.constant('$select'), fc.constantFrom('id', 'name,result', 'nope')),
      fc.tuple(fc.constant('$count'), fc.constantFrom('true', 'false')),
      fc.tuple(fc.constantFrom('$expand', '$nope'), text),
    ),
    { maxLength: 3 },
  )
  .map((options) => options.map(([k, v]) => `${k}=${v}`).join(';'));

const expand = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'Datastreams',
          'Observations',
          'Thing',
          'Locations',
          'Datastream',
          'Sensor',
          'Nope',
          'valueOf',
        ),
        fc.option(expandOptions),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((items) => items.map(([n, o]) => (o === null ? n : `${n}(${o})`)).join(',')),
  text,
);

const option = fc.oneof(
  fc.tuple(fc.constant('$filter'), fc.oneof(filter, mangled, text)),
  fc.tuple(fc.constant('$orderby'), orderby),
  fc.tuple(fc.constant('$top'), count),
  fc.tuple(fc.constant('$skip'), count),
  fc.tuple(fc.constant('$count'), fc.oneof(fc.constantFrom('true', 'false'), text)),
  fc.tuple(
    fc.constant('$select'),
    fc.oneof(fc.constantFrom('id,name', 'result', 'Datastreams'), text),
  ),
  fc.tuple(fc.constant('$expand'), expand),
  fc.tuple(fc.constant('$skiptoken'), fc.oneof(text, fc.base64String({ maxLength: 40 }))),
  fc.tuple(fc.constantFrom('$search', '$format', 'plain', '$resultFormat'), text),
);

/** Percent-encoded as a client would; a lone surrogate goes as the bytes UTF-8 would give it. */
function encode(part: string): string {
  return part
    .split(/([\uD800-\uDFFF])/)
    .map((piece) => {
      try {
        return encodeURIComponent(piece);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

const key = (id: string) => `'${encode(id.replaceAll("'", "''"))}'`;

const path = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      '/Things',
      '/Datastreams',
      '/Observations',
      '/Sensors',
      '/ObservedProperties',
      '/Locations',
      '/HistoricalLocations',
      '/FeaturesOfInterest',
      `/Things(${key(SENSOR)})`,
      `/Things(${key(SENSOR)})/Datastreams`,
      `/Datastreams(${key(SENSOR)})/Observations`,
      `/FeaturesOfInterest(${key(SENSOR)})/Observations`,
      `/Sensors('traffic')/Datastreams`,
      `/Datastreams(${key(SENSOR)})`,
      `/Datastreams(${key(SENSOR)})/Observations/$ref`,
      `/Things(${key(SENSOR)})/name/$value`,
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('Things', 'Observations', 'Sensors', 'Datastreams', 'Nope', 'constructor'),
        text,
        fc.boolean(),
      )
      .map(([set, id, quoted]) => `/${set}(${quoted ? key(id) : encode(id)})`),
  },
  {
    weight: 1,
    arbitrary: fc.array(text, { maxLength: 4 }).map((parts) => `/${parts.map(encode).join('/')}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.constantFrom(SENSOR, 'x', ''))
      .map(([micros, sensor]) => `/Observations(${key(`${sensor}@${micros}`)})`),
  },
);

/** Comparisons of the right kind of value for each property, joined as the grammar allows. */
function wellTyped(comparisons: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small' },
      comparisons,
      fc
        .tuple(tie('tree'), fc.constantFrom('and', 'or'), tie('tree'))
        .map(([a, op, b]) => `${String(a)} ${op} ${String(b)}`),
      tie('tree').map((a) => `not (${String(a)})`),
      tie('tree').map((a) => `(${String(a)})`),
    ),
  }));
  return tree;
}

const operator = fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le');
const anyInstant = fc
  .date({
    min: new Date(-62_135_596_800_000),
    max: new Date(253_402_300_799_999),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString());
const observationFilter = wellTyped(
  fc.oneof(
    fc
      .tuple(operator, fc.double({ noNaN: true, noDefaultInfinity: true }))
      .map(([op, n]) => `result ${op} ${String(n)}`),
    fc
      .tuple(fc.constantFrom('phenomenonTime', 'resultTime'), operator, anyInstant)
      .map(([p, op, t]) => `${p} ${op} ${t}`),
  ),
);
const thingFilter = wellTyped(
  fc
    .tuple(fc.constantFrom('id', 'name', 'properties/city', 'properties/type'), operator, text)
    .map(([p, op, s]) => `${p} ${op} '${s.replaceAll("'", "''")}'`),
);
const orderOf = (properties: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...properties), fc.constantFrom('', ' asc', ' desc')), {
      minLength: 1,
      maxLength: 3,
    })
    .map((keys) => keys.map(([p, d]) => `${p}${d}`).join(','));

describe.each(testDatabases())(
  'the SensorThings API, whatever it is sent, on $kind',
  ({ create }) => {
    let database: Awaited<ReturnType<typeof create>>;
    let app: Hono;

    beforeAll(async () => {
      database = await create();
      const services = createTestServices(database, { events: createTestEvents() });
      const now = Date.now();
      await services.ingest.ingest(
        Array.from({ length: 30 }, (_, i) => ({
          sensorId: SENSOR,
          value: (i * 17) % 100,
          timestamp: new Date(now - i * 90_000).toISOString(),
        })),
      );
      app = new Hono();
      app.use('/api/*', requestChecks({ bodyLimitFor: () => 64 * 1024 }));
      app.route(ROOT, sensorThingsRoutes({ db: database.db }));
      app.onError((err, c) => errorAnswer(c, err, silentLogger));
    });
    afterAll(() => database?.dispose());

    it('never answers 5xx, and refuses in the one error shape', async () => {
      await fc.assert(
        fc.asyncProperty(path, fc.array(option, { maxLength: 4 }), async (where, options) => {
          const search = new URLSearchParams(options);
          const url = `http://localhost${ROOT}${where}${search.size ? `?${search.toString()}` : ''}`;
          const res = await app.request(url);
          const body = await res.text();
          const shown = `${res.status} ${url}\n${body.slice(0, 500)}`;
          expect([200, 204, 400, 404], shown).toContain(res.status);
          if (res.status >= 400) {
            for (const leak of LEAKS) expect(body, shown).not.toMatch(leak);
            expect(apiErrorSchema.safeParse(JSON.parse(body)).success, shown).toBe(true);
          } else if (res.status === 200 && !where.endsWith('$value')) {
            expect(res.headers.get('content-type'), shown).toMatch(/^application\/json/);
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }, 300_000);

    it("answers every well-typed $filter and $orderby of a Datastream's Observations and of Things", async () => {
      const observations = fc.record({
        path: fc.constantFrom(
          `/Datastreams(${key(SENSOR)})/Observations`,
          `/FeaturesOfInterest(${key(SENSOR)})/Observations`,
        ),
        filter: observationFilter,
        orderby: orderOf(['result', 'phenomenonTime', 'resultTime']),
        top: fc.integer({ min: 0, max: 1_000 }),
        skip: fc.integer({ min: 0, max: 100_000 }),
      });
      const things = fc.record({
        path: fc.constantFrom('/Things', '/Datastreams', `/Sensors('traffic')/Datastreams`),
        filter: thingFilter,
        orderby: orderOf(['id', 'name', 'properties/city', 'properties/type']),
        top: fc.integer({ min: 0, max: 1_000 }),
        skip: fc.integer({ min: 0, max: 100_000 }),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(observations, things),
          async ({ path, filter, orderby, top, skip }) => {
            const search = new URLSearchParams({
              $filter: filter,
              $orderby: orderby,
              $top: String(top),
              $skip: String(skip),
              $count: 'true',
            });
            const url = `http://localhost${ROOT}${path}?${search.toString()}`;
            const res = await app.request(url);
            const body = await res.text();
            // Text that PostgreSQL cannot hold (NUL, a lone surrogate) is the one thing refused.
            const unstorable = filter.includes('\u0000');
            if (unstorable && res.status === 400) return;
            expect(res.status, `${url}\n${body.slice(0, 500)}`).toBe(200);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    }, 300_000);
  },
);
