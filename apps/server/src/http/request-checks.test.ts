import { MAX_JSON_DEPTH, MAX_JSON_OBJECT_KEYS } from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { jsonProblems, textProblem, urlProblems } from './request-checks';

/** A JSON text nested `depth` objects deep, built as text: building it as a value would recurse. */
const nested = (depth: number) => `${'{"d":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('textProblem', () => {
  it('refuses NUL and unpaired surrogates, and takes every other character', () => {
    expect(textProblem('a\u0000b')).toBe('must not contain the NUL character');
    expect(textProblem('\uD800')).toBe('must not contain unpaired surrogate characters');
    expect(textProblem('x\uDC00')).toBe('must not contain unpaired surrogate characters');
    expect(textProblem('\uDBFF\uDFFF')).toBeNull();
    expect(textProblem('Park Street 😀 कोलकाता কলকাতা \u200B\uFFFF')).toBeNull();
  });
});

describe('jsonProblems', () => {
  it('names each string, key and number that cannot be stored, by its path', () => {
    const body = JSON.parse(
      '{"readings":[{"sensorId":"a\\u0000","value":1e999,"metadata":{"x\\ud800":1}}]}',
    ) as unknown;
    expect(jsonProblems(body)).toEqual(
      expect.arrayContaining([
        { path: 'readings.0.sensorId', message: 'must not contain the NUL character' },
        { path: 'readings.0.value', message: 'is out of range' },
        {
          path: 'readings.0.metadata.x\\ud800',
          message: 'key must not contain unpaired surrogate characters',
        },
      ]),
    );
  });

  it('refuses keys that would reach a prototype, and leaves prototypes alone', () => {
    const body = JSON.parse('{"metadata":{"__proto__":{"polluted":true},"constructor":1}}');
    expect(jsonProblems(body)).toEqual(
      expect.arrayContaining([
        { path: 'metadata.__proto__', message: 'key is a reserved name' },
        { path: 'metadata.constructor', message: 'key is a reserved name' },
      ]),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} and walks any depth without recursion`, () => {
    expect(jsonProblems(JSON.parse(nested(MAX_JSON_DEPTH - 1)))).toEqual([]);
    expect(jsonProblems(JSON.parse(nested(MAX_JSON_DEPTH + 1)))[0]?.message).toBe(
      `nests deeper than ${MAX_JSON_DEPTH} levels`,
    );
    expect(jsonProblems(JSON.parse(nested(100_000)))).toHaveLength(1);
    expect(jsonProblems(JSON.parse(`${'['.repeat(50_000)}${']'.repeat(50_000)}`))).toHaveLength(1);
  });

  it(`refuses an object with more than ${MAX_JSON_OBJECT_KEYS} keys`, () => {
    const wide = Object.fromEntries(
      Array.from({ length: MAX_JSON_OBJECT_KEYS + 1 }, (_, i) => [`k${i}`, i]),
    );
    expect(jsonProblems({ metadata: wide })).toEqual([
      { path: 'metadata', message: `has more than ${MAX_JSON_OBJECT_KEYS} keys` },
    ]);
  });

  it('lists at most 20 problems however many there are', () => {
    expect(jsonProblems(Array.from({ length: 500 }, () => 'a\u0000'))).toHaveLength(20);
  });

  it('finds nothing wrong with ordinary bodies', () => {
    expect(
      jsonProblems({ readings: [{ sensorId: 's', value: -0.5, metadata: { a: [1, null] } }] }),
    ).toEqual([]);
    expect(jsonProblems(null)).toEqual([]);
  });
});

describe('urlProblems', () => {
  it('refuses NUL in the path or the query, and a path that is not UTF-8', () => {
    expect(urlProblems(new URL('http://x/api/sensors/a%00b'))).toEqual([
      { path: 'path', message: 'must not contain the NUL character' },
    ]);
    expect(urlProblems(new URL('http://x/api/alerts?q=a%00b&city=kolkata'))).toEqual([
      { path: 'query.q', message: 'must not contain the NUL character' },
    ]);
    expect(urlProblems(new URL('http://x/api/sensors/%ED%A0%80'))).toEqual([
      { path: 'path', message: 'is not valid percent-encoded UTF-8' },
    ]);
    expect(urlProblems(new URL('http://x/api/alerts?q=%E0%A4%95%E0%A5%8B&limit=5'))).toEqual([]);
  });
});
