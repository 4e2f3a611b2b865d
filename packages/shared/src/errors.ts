import { z } from 'zod';

/**
 * The one error shape every API failure uses: `{ error: { code, message, details?, requestId? } }`.
 * `requestId` is the request's `X-Request-Id`, to quote when reporting a problem.
 */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'not_found' }),
      message: z.string().meta({ example: 'Not found' }),
      details: z.unknown().optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.infer<typeof apiErrorSchema>;

/** Stable machine-readable error codes used across the API. */
export const ERROR_CODES = {
  invalidInput: 'invalid_input',
  invalidJson: 'invalid_json',
  unsupportedMediaType: 'unsupported_media_type',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'too_large',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  internal: 'internal',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
