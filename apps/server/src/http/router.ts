import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { validationHook } from './validation';

/**
 * A router whose routes join the OpenAPI document and answer bad input with the API's 400 shape;
 * `E` names what the middleware before it sets (the caller, for a route that reads it).
 */
export function createRouter<E extends Env = Env>() {
  // The hook reads nothing the middleware sets, so it serves a router of any environment.
  return new OpenAPIHono<E>({
    defaultHook: validationHook as unknown as Hook<unknown, E, string, unknown>,
  });
}
