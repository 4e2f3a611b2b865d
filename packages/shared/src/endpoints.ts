import type { z } from 'zod';
import type { Policy } from './policies';

// Every endpoint of the API is declared once, here in the contract: its method and path, what it
// takes, what it answers, who may call it and how it may fail. The server builds its route and its
// OpenAPI entry from the declaration (adding the errors every endpoint of its kind can give); the
// web app calls it through its one request function, which fills in the path and checks the answer.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The answers an endpoint gives when it did what was asked. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/** The failures an endpoint may declare beside those its kind brings (400, 401, 403). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** Who may call: anyone, any signed-in person, or those whose role the policy allows. */
export type Access = 'public' | 'signed-in' | Policy;

/** A header of an answer: what it says, and whether it holds a whole number or text. */
export interface ResponseHeader {
  readonly description: string;
  readonly type: 'integer' | 'string';
}

/** One endpoint: declared as a plain object (`satisfies Endpoint`), so an unused one costs nothing. */
export interface Endpoint {
  readonly method: HttpMethod;
  /** The path under the site, `{name}` for each path parameter: `/api/notices/{id}`. */
  readonly path: `/api/${string}`;
  /** One line for the OpenAPI document: what it does, and for whom in brackets. */
  readonly summary: string;
  /** More for the OpenAPI document, when one line cannot say it. */
  readonly notes?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  /**
   * Devices may call it too, with a key of theirs (`Bearer sk_…`), beside the people the access
   * allows; the route then checks its callers itself.
   */
  readonly deviceKeys?: true;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The request headers it reads (an Idempotency-Key), checked and documented like the rest. */
  readonly headers?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The body is a file, not JSON: one of these media types (415 otherwise), at most `maxBytes`
   * (413), read by the route itself.
   */
  readonly upload?: { readonly types: readonly string[]; readonly maxBytes: number };
  /** The body may be left out (an action's optional note): the server reads it as `{}`. */
  readonly bodyOptional?: true;
  readonly status: SuccessStatus;
  /** The body of the success; none for 204 or a file. */
  readonly response?: z.ZodType;
  /** The success's body is a file of this media type rather than JSON. */
  readonly file?: { readonly contentType: string };
  /** What the success's body is, for the OpenAPI document. */
  readonly description: string;
  /** The headers the success answers with beside its body, each with what it says. */
  readonly responseHeaders?: Readonly<Record<string, ResponseHeader>>;
  /**
   * Another answer with the same body, and what it means: a replayed request's 200, or the 503 of
   * a health check whose body says what is down.
   */
  readonly alsoStatus?: { readonly status: SuccessStatus | 503; readonly description: string };
  /** The failures it may give beyond its kind's, each with what it means here. */
  readonly errors?: Partial<Record<ErrorStatus, string>>;
}

/** Where an endpoint is: its method and path, all a call needs besides its input. */
export type EndpointAddress = Pick<Endpoint, 'method' | 'path'>;

type Part<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: the path parameters, the query and the body the endpoint declares. */
export type EndpointInput<E extends Endpoint> = ([Part<E['params']>] extends [never]
  ? { params?: undefined }
  : { params: Part<E['params']> }) &
  ([Part<E['query']>] extends [never] ? { query?: undefined } : { query: Part<E['query']> }) &
  ([Part<E['body']>] extends [never]
    ? { body?: undefined }
    : E['bodyOptional'] extends true
      ? { body?: Part<E['body']> }
      : { body: Part<E['body']> });

/** What a caller gets back: the parsed body of the success, or nothing for 204. */
export type EndpointOutput<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : void;

/** A value as it goes into a URL: text, a number or a yes/no as written, a Date as its ISO time. */
function textOf(value: unknown, what: string): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  throw new TypeError(`${what} must be text, a number, yes/no or a time`);
}

/** A query value's texts: none when absent, one per item of a list. */
function queryValues(key: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => queryValues(key, item));
  return [textOf(value, `The query's ${key}`)];
}

/**
 * The URL of a call: the endpoint's path with each `{name}` filled in (encoded), then the query.
 * Throws when a path parameter is missing: a call to the wrong resource is worse than none.
 */
export function pathOf(
  endpoint: EndpointAddress,
  params?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} needs its ${name}`);
    }
    return encodeURIComponent(textOf(value, `The path's ${name}`));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const text of queryValues(key, value)) search.append(key, text);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
