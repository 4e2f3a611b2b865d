import { apiErrorSchema, ERROR_CODES, type ErrorCode } from '@smart-city/shared';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/connection-loss';
import { Busy, DomainError } from '../lib/domain-errors';

/** An error with a status and a message meant for the caller. Anything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Headers the answer carries (`Retry-After` on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The OpenAPI description of a JSON answer with this schema. */
export const jsonContent = <T>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The OpenAPI description of an error answer: the API's one error shape. */
export const errorContent = (description: string) => jsonContent(description, apiErrorSchema);

/** Writes the API's one error shape, with the request's id when it has one. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  details?: unknown,
) {
  const requestId = c.get('requestId') as string | undefined;
  return c.json(
    {
      error: {
        code,
        message,
        ...(details === undefined ? {} : { details }),
        ...(requestId === undefined ? {} : { requestId }),
      },
    },
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

/** The status and code of each kind of refusal a service throws. */
const DOMAIN_ANSWERS = {
  invalid: [400, ERROR_CODES.invalidInput],
  forbidden: [403, ERROR_CODES.forbidden],
  'not-found': [404, ERROR_CODES.notFound],
  conflict: [409, ERROR_CODES.conflict],
  busy: [429, ERROR_CODES.rateLimited],
  'too-large': [413, ERROR_CODES.tooLarge],
  'unsupported-type': [415, ERROR_CODES.unsupportedMediaType],
} as const satisfies Record<DomainError['kind'], [ContentfulStatusCode, ErrorCode]>;

/** The code of an answer with this status, for errors that carry only a status. */
function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return ERROR_CODES.unauthorized;
    case 403:
      return ERROR_CODES.forbidden;
    case 404:
      return ERROR_CODES.notFound;
    case 409:
      return ERROR_CODES.conflict;
    case 413:
      return ERROR_CODES.tooLarge;
    case 415:
      return ERROR_CODES.unsupportedMediaType;
    case 429:
      return ERROR_CODES.rateLimited;
    case 503:
      return ERROR_CODES.unavailable;
    default:
      return status >= 500 ? ERROR_CODES.internal : ERROR_CODES.invalidInput;
  }
}

/** The answer while the database is away (restarting, failing over): 503 and when to come back. */
export function databaseUnavailable(c: Context) {
  c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
  return errorResponse(
    c,
    503,
    ERROR_CODES.unavailable,
    'The database is unavailable; try again in a few seconds',
  );
}

/**
 * PostgreSQL's "data exception" class (22xxx: a value it cannot take, such as text that is not a
 * uuid or a number out of range). The request checks and schemas refuse such values first; when
 * one slips past them it is still the caller's input, not a fault of the server.
 */
function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * The answer to an error that reached the app's handler. A service's refusal (DomainError) gets its
 * kind's status; HttpErrors and the web framework's own exceptions keep their status in the one
 * error shape; a value the database refused is a 400; a database that is away (restarting, failing
 * over) is a 503 with Retry-After, since the same request will succeed once it is back; anything
 * else is a fault of the server: a 500 without details, logged with the request's id.
 */
export function errorAnswer(c: Context, err: Error, logger: Logger) {
  if (err instanceof DomainError) {
    const [status, code] = DOMAIN_ANSWERS[err.kind];
    if (err instanceof Busy) c.header('Retry-After', String(err.retryAfterS));
    return errorResponse(c, status, code, err.message, err.details);
  }
  if (err instanceof HttpError) {
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    return errorResponse(c, err.status, err.code, err.message, err.details);
  }
  if (err instanceof HTTPException && err.status < 500) {
    return errorResponse(c, err.status, codeOfStatus(err.status), err.message || 'Bad request');
  }
  const log = (c.get('log') as Logger | undefined) ?? logger;
  const where = { method: c.req.method, path: c.req.path };
  if (isDataException(err)) {
    log.warn({ err, ...where }, 'a value was refused by the database');
    return errorResponse(
      c,
      400,
      ERROR_CODES.invalidInput,
      'A value in the request cannot be stored as given',
    );
  }
  if (isDatabaseUnavailable(err)) {
    // One line a request while it lasts, without the stack: the cause is outside this process.
    log.warn({ ...where, reason: err.message }, 'the database is unavailable');
    return databaseUnavailable(c);
  }
  log.error({ err, ...where }, 'unhandled error');
  return errorResponse(c, 500, ERROR_CODES.internal, 'Internal server error');
}
