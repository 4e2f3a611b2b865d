/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A text starting
 * with `=`, `+`, `-` or `@` gets a leading apostrophe, so a spreadsheet opening the file shows it
 * rather than running it as a formula; numbers are written as they are.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a header row, then one line a row, each line ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return [header, ...rows].map((row) => row.map(cell).join(',') + '\r\n').join('');
}
