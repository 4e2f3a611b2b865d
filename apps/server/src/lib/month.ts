/** The month a moment falls in, as 'YYYY-MM', in a time zone (a statement month of a city). */
export function monthIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(
    at,
  );
}
