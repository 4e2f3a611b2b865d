import { apiErrorSchema, ERROR_CODES, type ErrorCode } from '@smart-city/shared';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error with a status and a message meant for the caller. Anything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The OpenAPI description of an error answer: the API's one error shape. */
export const errorContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/** Writes the API's one error shape. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  details?: unknown,
) {
  return c.json(
    { error: { code, message, ...(details === undefined ? {} : { details }) } },
    status,
  );
}

export function notFound(c: Context) {
  return errorResponse(
    c,
    404,
    ERROR_CODES.notFound,
    `No such endpoint: ${c.req.method} ${c.req.path}`,
  );
}
