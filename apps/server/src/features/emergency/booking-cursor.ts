import type { EmergencyBookingRow } from '../../db/schema';
import type { BookingCursor } from './emergency.repository';
import { Invalid } from '../../lib/domain-errors';

function invalid(message: string, details: { path: string; message: string }[]) {
  return new Invalid(message, details);
}

/** Where a page of bookings ended, as an opaque string for `?cursor=`. */
function encodeCursor(cursor: BookingCursor): string {
  const keys =
    cursor.order === 'newest'
      ? [cursor.createdAt.toISOString(), cursor.id]
      : [cursor.rank, cursor.createdAt.toISOString(), cursor.id];
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

/** The cursor of the page after the one that ended with `last`, in the list's order. */
export function nextCursorAfter(
  last: EmergencyBookingRow | undefined,
  order: 'newest' | 'queue',
): string | null {
  if (!last) return null;
  const createdAt = new Date(last.created_at);
  return encodeCursor(
    order === 'newest'
      ? { order, createdAt, id: last.id }
      : { order, rank: last.urgency_rank, createdAt, id: last.id },
  );
}

/** The keys a `?cursor=` names, for the list order it was made for; 400 naming the cursor otherwise. */
export function decodeCursor(value: string, order: 'newest' | 'queue'): BookingCursor {
  const refuse = () =>
    invalid('Invalid input: cursor is not one this list gave', [
      { path: 'cursor', message: `is not a cursor of this list (order=${order})` },
    ]);
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(keys)) throw refuse();
  const [a, b, c] = keys as unknown[];
  if (order === 'newest' && keys.length === 2 && typeof a === 'string' && typeof b === 'string') {
    const createdAt = new Date(a);
    if (!Number.isNaN(createdAt.getTime())) return { order, createdAt, id: b };
  }
  if (
    order === 'queue' &&
    keys.length === 3 &&
    Number.isInteger(a) &&
    typeof b === 'string' &&
    typeof c === 'string'
  ) {
    const createdAt = new Date(b);
    if (!Number.isNaN(createdAt.getTime())) return { order, rank: a as number, createdAt, id: c };
  }
  throw refuse();
}

/** A from/to filter as a moment: a date means its midnight in UTC. */
export function momentOf(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}
