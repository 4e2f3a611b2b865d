import { ERROR_CODES } from '@smart-city/shared';
import type { Hook } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { errorResponse } from './errors';

type FieldIssue = { path: string; message: string };

/** Turns a failed request validation into a 400 that names every failing field. */
export const validationHook: Hook<unknown, Env, string, unknown> = (result, c) => {
  if (result.success) return;
  const details: FieldIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  const first = details[0];
  const message = first ? `Invalid input: ${first.path} ${first.message}` : 'Invalid input';
  return errorResponse(c, 400, ERROR_CODES.invalidInput, message, details);
};
