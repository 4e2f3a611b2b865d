import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from './validation';

/** A router whose routes join the OpenAPI document and answer bad input with the API's 400 shape. */
export function createRouter() {
  return new OpenAPIHono({ defaultHook: validationHook });
}
