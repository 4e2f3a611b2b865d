import { ERROR_CODES } from '@smart-city/shared';
import { HttpError } from './errors';

/** Where a page ended in a list ordered by creation time and id. */
export type PageCursor = { createdAt: Date; id: string };

/** A row's place in its list, as the opaque string a list hands out as `nextCursor`. */
export function encodePageCursor(row: { created_at: Date | string; id: string }): string {
  const keys = [new Date(row.created_at).toISOString(), row.id];
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

/** The place a `?cursor=` names; 400 naming the cursor when it is not one a list gave. */
export function decodePageCursor(value: string): PageCursor {
  try {
    const keys: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(keys) && keys.length === 2) {
      const [at, id] = keys as unknown[];
      const createdAt = typeof at === 'string' ? new Date(at) : new Date(Number.NaN);
      if (typeof id === 'string' && !Number.isNaN(createdAt.getTime())) return { createdAt, id };
    }
  } catch {
    // Not base64url JSON: refused below like any other stranger.
  }
  throw new HttpError(
    400,
    ERROR_CODES.invalidInput,
    'Invalid input: cursor is not one this list gave',
    [{ path: 'cursor', message: 'is not a cursor of this list' }],
  );
}
