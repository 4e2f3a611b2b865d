import { createRoute } from '@hono/zod-openapi';
import type { Endpoint, ErrorStatus } from '@smart-city/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { SIGNED_IN_SECURITY } from '../auth/openapi-security';
import { refusalOf, requirePolicy, requireUser, type SignedInEnv } from '../auth/policies';
import { errorContent, jsonContent } from './errors';

type Json<S> = { description: string; content: { 'application/json': { schema: S } } };

/** The schema an endpoint declares for a part of its request or answer, else undefined. */
type Declared<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** The failures a route gives: 400 with input, 401 unless public, 403 under a policy, and its own. */
type ErrorsOf<E extends Endpoint> =
  | ([
      Declared<E, 'params'> | Declared<E, 'query'> | Declared<E, 'headers'> | Declared<E, 'body'>,
    ] extends [undefined]
      ? never
      : 400)
  | (E['access'] extends 'public' ? never : E['access'] extends 'signed-in' ? 401 : 401 | 403)
  | (E extends { errors: infer Listed } ? keyof Listed & ErrorStatus : never);

/** The second success an endpoint may answer with, if it declares one. */
type AlsoOf<E extends Endpoint> = E extends { alsoStatus: { status: infer S extends number } }
  ? S
  : never;

/** The route a declared endpoint becomes, typed so its handler's input and answers are checked. */
export type RouteOf<E extends Endpoint> = {
  method: E['method'];
  path: string;
  tags: string[];
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  middleware: E['access'] extends 'public'
    ? undefined
    : E['deviceKeys'] extends true
      ? undefined
      : MiddlewareHandler<SignedInEnv>;
  request: {
    params: Declared<E, 'params'>;
    query: Declared<E, 'query'>;
    headers: Declared<E, 'headers'>;
    body: Declared<E, 'body'> extends z.ZodType
      ? {
          required: E['bodyOptional'] extends true ? false : true;
          content: { 'application/json': { schema: Declared<E, 'body'> } };
        }
      : undefined;
  };
  responses: {
    [S in E['status'] | AlsoOf<E>]: Declared<E, 'response'> extends z.ZodType
      ? Json<Declared<E, 'response'>>
      : { description: string };
  } & { [S in ErrorsOf<E>]: ReturnType<typeof errorContent> };
};

const BINARY = z.string().meta({ format: 'binary' });
const INVALID = 'A field is invalid; `details` names each one';
const NOT_SIGNED_IN = 'Not signed in';

/**
 * The OpenAPI route of a declared endpoint: its path under /api, its input checked (400 in the
 * API's error shape), the caller signed in (401) and allowed by the policy (403) as it declares,
 * and every failure it may give in the document.
 */
export function routeOf<E extends Endpoint>(endpoint: E): RouteOf<E> {
  const { access } = endpoint;
  const hasInput = Boolean(
    endpoint.params ?? endpoint.query ?? endpoint.headers ?? endpoint.body ?? endpoint.upload,
  );
  const errors: Partial<Record<ErrorStatus, string>> = {
    ...(hasInput && { 400: INVALID }),
    ...(access !== 'public' && { 401: NOT_SIGNED_IN }),
    ...(typeof access === 'function' && { 403: refusalOf(access) }),
    ...endpoint.errors,
  };
  const route = createRoute({
    method: endpoint.method,
    path: endpoint.path.replace(/^\/api/, ''),
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.notes && { description: endpoint.notes }),
    ...(access !== 'public' && {
      security: endpoint.deviceKeys
        ? [{ deviceKey: [] }, ...SIGNED_IN_SECURITY]
        : SIGNED_IN_SECURITY,
    }),
    // A route that devices call too checks its callers itself.
    middleware:
      access === 'public' || endpoint.deviceKeys
        ? undefined
        : access === 'signed-in'
          ? requireUser
          : requirePolicy(access),
    request: {
      // zod objects, as createRoute wants them (the contract's test holds path parameters to it).
      params: endpoint.params as z.ZodObject | undefined,
      query: endpoint.query as z.ZodObject | undefined,
      headers: endpoint.headers as z.ZodObject | undefined,
      body: endpoint.body
        ? {
            required: !endpoint.bodyOptional,
            content: { 'application/json': { schema: endpoint.body } },
          }
        : endpoint.upload && {
            // The file itself; the request checks hold it to its types and size.
            required: true,
            content: Object.fromEntries(
              endpoint.upload.types.map((type) => [type, { schema: BINARY }]),
            ),
          },
    },
    responses: {
      [endpoint.status]: {
        ...(endpoint.response
          ? jsonContent(endpoint.description, endpoint.response)
          : { description: endpoint.description }),
        ...(endpoint.responseHeaders && {
          headers: Object.fromEntries(
            Object.entries(endpoint.responseHeaders).map(([name, { description, type }]) => [
              name,
              { description, schema: { type } },
            ]),
          ),
        }),
      },
      ...(endpoint.alsoStatus &&
        endpoint.response && {
          [endpoint.alsoStatus.status]: jsonContent(
            endpoint.alsoStatus.description,
            endpoint.response,
          ),
        }),
      ...Object.fromEntries(
        Object.entries(errors).map(([status, text]) => [status, errorContent(text)]),
      ),
    },
  });
  // The declaration's own types, which createRoute cannot see through the generic endpoint.
  return route as unknown as RouteOf<E>;
}
