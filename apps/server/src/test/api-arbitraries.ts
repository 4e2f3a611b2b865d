import fc from 'fast-check';

/** The parts of an OpenAPI 3.0 schema object the generators read. */
export type SchemaObject = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  nullable?: boolean;
};

/** Strings that have broken servers: NUL, lone surrogates, huge, control and bidi characters. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFF',
  '\uFEFF',
  '\u202Eevil',
  '😀🏙️',
  'কলকাতা',
  'कोलकाता',
  "' or 1=1 --",
  '"; drop table sensors; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%ED%A0%80',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '9'.repeat(400),
  'x'.repeat(5_000),
  '2026-02-30T25:61:00Z',
  '0000-00-00',
  'null',
  'true',
];

/** Numbers at the edges: huge, tiny, negative, fractional where whole ones are wanted. */
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  -0.000001,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value at all, shallow. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

/**
 * A value for a schema: usually one that fits it (so requests reach past validation into the
 * services and the database), sometimes its edges, sometimes anything at all.
 */
export function valueFor(
  schema: SchemaObject | undefined,
  resolve: (ref: string) => SchemaObject,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyJson;
  if (schema.$ref) return valueFor(resolve(schema.$ref), resolve, depth + 1);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives)
    return fc.oneof(...alternatives.map((s) => valueFor(s, resolve, depth + 1)), anyJson);
  if (schema.allOf) {
    const merged = schema.allOf.reduce<SchemaObject>((all, part) => ({ ...all, ...part }), {});
    return valueFor(merged, resolve, depth + 1);
  }
  const wild = fc.oneof(anyJson, nastyString, nastyNumber, fc.constant(null));
  const fitting = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'string':
        return fc.oneof(
          {
            weight: 3,
            arbitrary: fc.string({
              minLength: schema.minLength ?? 0,
              maxLength: Math.min(schema.maxLength ?? 40, 60),
            }),
          },
          { weight: 2, arbitrary: nastyString },
          ...(schema.format === 'date-time'
            ? [
                {
                  weight: 3,
                  arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
                },
              ]
            : []),
          ...(schema.format === 'uri' ? [{ weight: 3, arbitrary: fc.webUrl() }] : []),
        );
      case 'number':
      case 'integer': {
        const min = schema.minimum ?? -1e6;
        const max = schema.maximum ?? 1e6;
        return fc.oneof(
          {
            weight: 3,
            arbitrary:
              schema.type === 'integer'
                ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
                : fc.double({ min, max, noNaN: true }),
          },
          { weight: 2, arbitrary: nastyNumber },
        );
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueFor(schema.items, resolve, depth + 1), { maxLength: 4 });
      case 'object': {
        const properties = schema.properties ?? {};
        const names = Object.keys(properties);
        if (names.length === 0) return fc.dictionary(nastyString, anyJson, { maxKeys: 4 });
        const record = fc.record(
          Object.fromEntries(
            names.map((name) => [name, valueFor(properties[name], resolve, depth + 1)]),
          ),
          { requiredKeys: [] },
        );
        // Sometimes a key the schema does not know rides along.
        return fc
          .tuple(record, fc.option(fc.tuple(nastyString, anyJson), { freq: 4 }))
          .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
      }
      case undefined:
      default:
        return anyJson;
    }
  })();
  return fc.oneof({ weight: 6, arbitrary: fitting }, { weight: 1, arbitrary: wild });
}

/** Bodies that are not JSON, or are JSON no endpoint should take. */
export const rawBodies = fc.constantFrom<string | Uint8Array>(
  '',
  '   ',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '{"a":NaN}',
  '{"a" 1}',
  '0x10',
  '[1,2,',
  '1e999',
  '{"value":1e999}',
  '"\\u0000"',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
  '\uFEFF{}',
  new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
);

/** Content types a client may send, mostly the right one. */
export const contentTypes = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | null>('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom<string | null>(
      'application/json; charset=utf-8',
      'application/vnd.api+json',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      '*/*',
      'application/xml',
      null,
    ),
  },
);

/** Percent-encodes every UTF-16 code unit, lone surrogates included (encodeURIComponent throws on them). */
function percentEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: send its code unit's bytes as they are, which no id is.
    return [...text]
      .map(
        (ch) =>
          `%${(ch.charCodeAt(0) >> 8).toString(16).padStart(2, '0')}%${(ch.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`,
      )
      .join('');
  }
}

/** A path segment: a known id, a generated one, or something no id could be, percent-encoded or raw. */
export function pathSegment(knownIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...(knownIds.length ? knownIds : ['x'])).map(encodeURIComponent),
    },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: nastyString.map(percentEncoded) },
    { weight: 2, arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%', '%zz', '..', '%2F', 'a%00b') },
  );
}

/** Query values for one parameter: one that fits, an edge, or several of them. */
export function queryValues(
  schema: SchemaObject | undefined,
  resolve: (ref: string) => SchemaObject,
) {
  const one = valueFor(schema, resolve).map((value) =>
    typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
  );
  return fc.oneof(
    { weight: 6, arbitrary: one.map((v) => [v]) },
    { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }) },
  );
}
