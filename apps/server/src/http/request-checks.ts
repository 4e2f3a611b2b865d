import {
  ERROR_CODES,
  type ErrorCode,
  FORBIDDEN_JSON_KEYS,
  MAX_JSON_DEPTH,
  MAX_JSON_OBJECT_KEYS,
} from '@smart-city/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './errors';

/** One thing wrong with a request, named the way validation names a field (`readings.0.unit`). */
export type RequestProblem = { path: string; message: string };

/** Most problems one answer lists: enough to fix a body, not a body's worth of noise. */
const MAX_PROBLEMS = 20;

const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored as it is, or null. PostgreSQL refuses NUL in text, and an unpaired
 * surrogate is not Unicode at all: both are refused everywhere, never stripped, so what is stored
 * is exactly what was sent.
 */
export function textProblem(text: string): string | null {
  // Nearly every text has neither a NUL nor a surrogate: one plain scan says so.
  if (!NUL_OR_SURROGATE.test(text)) return null;
  if (text.includes('\u0000')) return 'must not contain the NUL character';
  if (UNPAIRED_SURROGATE.test(text)) return 'must not contain unpaired surrogate characters';
  return null;
}

/**
 * What makes a parsed JSON value unsafe to hand to an endpoint: nesting deeper than
 * MAX_JSON_DEPTH, an object with more than MAX_JSON_OBJECT_KEYS keys, a key that would reach a
 * prototype, a number that is not finite (`1e999` parses as Infinity), or a string or key that
 * `textProblem` refuses. Walks with its own stack, so no depth can overflow the call stack.
 */
export function jsonProblems(value: unknown): RequestProblem[] {
  const problems: RequestProblem[] = [];
  // Paths are put together only for the values found wrong: a sound batch of thousands of readings
  // costs no string per value.
  type Item = { value: unknown; parent: Item | null; key: string | number; depth: number };
  const pathOf = (item: Item | null, last?: string): string => {
    const keys: (string | number)[] = last === undefined ? [] : [last];
    for (let at = item; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const nameOf = (item: Item) => pathOf(item) || '(body)';
  const stack: Item[] = [{ value, parent: null, key: '', depth: 0 }];
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value);
      if (problem) problems.push({ path: nameOf(item), message: problem });
    } else if (typeof item.value === 'number') {
      if (!Number.isFinite(item.value))
        problems.push({ path: nameOf(item), message: 'is out of range' });
    } else if (typeof item.value === 'object' && item.value !== null) {
      if (item.depth >= MAX_JSON_DEPTH) {
        problems.push({
          path: nameOf(item),
          message: `nests deeper than ${MAX_JSON_DEPTH} levels`,
        });
        continue;
      }
      if (Array.isArray(item.value)) {
        const array: unknown[] = item.value;
        for (let index = 0; index < array.length; index++)
          stack.push({ value: array[index], parent: item, key: index, depth: item.depth + 1 });
        continue;
      }
      const keys = Object.keys(item.value);
      if (keys.length > MAX_JSON_OBJECT_KEYS) {
        problems.push({
          path: nameOf(item),
          message: `has more than ${MAX_JSON_OBJECT_KEYS} keys`,
        });
        continue;
      }
      for (const key of keys) {
        const keyProblem = FORBIDDEN_JSON_KEYS.includes(key)
          ? 'is a reserved name'
          : textProblem(key);
        if (keyProblem) {
          problems.push({ path: pathOf(item, printable(key)), message: `key ${keyProblem}` });
          continue;
        }
        stack.push({
          value: (item.value as Record<string, unknown>)[key],
          parent: item,
          key,
          depth: item.depth + 1,
        });
      }
    }
  }
  return problems;
}

/** A name safe to echo in an answer (and a log line) even when it holds what was refused. */
function printable(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** The problems of a request's path and query string (NUL, text that is not UTF-8). */
export function urlProblems(url: URL): RequestProblem[] {
  const problems: RequestProblem[] = [];
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return [{ path: 'path', message: 'is not valid percent-encoded UTF-8' }];
  }
  const pathProblem = textProblem(path);
  if (pathProblem) problems.push({ path: 'path', message: pathProblem });
  // URLSearchParams already turns bytes that are not UTF-8 into U+FFFD; NUL passes through it.
  for (const [name, value] of url.searchParams) {
    const problem = textProblem(name) ?? textProblem(value);
    if (problem) problems.push({ path: `query.${printable(name)}`, message: problem });
  }
  return problems;
}

function invalid(code: ErrorCode, message: string, details: RequestProblem[]): HttpError {
  const first = details[0];
  const summary = first ? `${message}: ${first.path} ${first.message}` : message;
  return new HttpError(400, code, summary, details);
}

function tooLarge(limitBytes: number): HttpError {
  return new HttpError(
    413,
    ERROR_CODES.tooLarge,
    `The request body is over ${formatBytes(limitBytes)}; send less at once`,
  );
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Reads a body up to `limitBytes`, refusing it as soon as it grows past (a chunked body has no length). */
async function readBody(request: Request, limitBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads, decodes, parses and checks a JSON body; `undefined` when there is none. */
async function checkedJsonBody(c: Context, limitBytes: number): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (declared > limitBytes) throw tooLarge(limitBytes);
  const bytes = await readBody(c.req.raw, limitBytes);
  // Whoever reads the raw request afterwards (the accounts library) reads the same checked bytes.
  c.req.raw = new Request(c.req.raw, { body: bytes });
  if (bytes.byteLength === 0) return undefined;

  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new HttpError(
      415,
      ERROR_CODES.unsupportedMediaType,
      `Send the body as JSON with "Content-Type: application/json"${mediaType ? ` (got "${printable(mediaType)}")` : ''}`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid(ERROR_CODES.invalidJson, 'The request body is not valid JSON', [
      { path: '(body)', message: 'is not UTF-8' },
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw invalid(ERROR_CODES.invalidJson, 'The request body is not valid JSON', [
      { path: '(body)', message: (err as SyntaxError).message },
    ]);
  }
  const problems = jsonProblems(value);
  if (problems.length > 0) throw invalid(ERROR_CODES.invalidInput, 'Invalid input', problems);
  return value;
}

/** What an upload endpoint takes: a file of one of these media types, up to a size. */
export type Upload = { readonly types: readonly string[]; readonly maxBytes: number };

/**
 * Reads a file body: one of the upload's media types (415), within its size (413, before reading
 * when the length is declared), not empty (400). The route reads the checked bytes again from
 * the request.
 */
async function checkedUpload(c: Context, upload: Upload): Promise<void> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!upload.types.includes(mediaType)) {
    throw new HttpError(
      415,
      ERROR_CODES.unsupportedMediaType,
      `Send the file as ${upload.types.join(', ')} with its Content-Type${mediaType ? ` (got "${printable(mediaType)}")` : ''}`,
    );
  }
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (declared > upload.maxBytes) throw tooLarge(upload.maxBytes);
  const bytes = await readBody(c.req.raw, upload.maxBytes);
  if (bytes.byteLength === 0) {
    throw invalid(ERROR_CODES.invalidInput, 'Invalid input', [
      { path: '(body)', message: 'is empty: send the file itself' },
    ]);
  }
  c.req.raw = new Request(c.req.raw, { body: bytes });
}

/**
 * The checks every API request passes before any endpoint sees it: its path and query hold only
 * storable text, and a body is JSON (415 otherwise), within `bodyLimitFor(path)` bytes (413,
 * before parsing when the length is declared), parses (400 `invalid_json`) and passes
 * `jsonProblems` (400 naming each field). An endpoint then reads the parsed body from
 * `c.req.json()` without parsing it again; an empty body reads as `{}`, so a missing required
 * field is named by the endpoint's own validation.
 */
export function requestChecks(options: {
  bodyLimitFor: (path: string) => number;
  /** The file a path takes as its body instead of JSON (an upload), if it takes one. */
  uploadFor?: (path: string) => Upload | undefined;
}): MiddlewareHandler {
  return async (c, next) => {
    const problems = urlProblems(new URL(c.req.url));
    if (problems.length > 0) throw invalid(ERROR_CODES.invalidInput, 'Invalid input', problems);
    const upload = c.req.method === 'POST' ? options.uploadFor?.(c.req.path) : undefined;
    if (upload) await checkedUpload(c, upload);
    else if (BODY_METHODS.has(c.req.method)) {
      const body = await checkedJsonBody(c, options.bodyLimitFor(c.req.path));
      const parsed = Promise.resolve(body ?? {});
      c.req.json = () => parsed as Promise<never>;
    }
    await next();
  };
}
