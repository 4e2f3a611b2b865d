/**
 * Rows added up per key, in the order keys first appear: `start` makes a key's total from its first
 * row (counting nothing yet), `add` adds each row, the first included.
 */
export function tally<R, T>(
  rows: Iterable<R>,
  keyOf: (row: R) => string,
  start: (row: R) => T,
  add: (total: T, row: R) => void,
): T[] {
  const totals = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    let total = totals.get(key);
    if (total === undefined) {
      total = start(row);
      totals.set(key, total);
    }
    add(total, row);
  }
  return [...totals.values()];
}
