/**
 * Money as the screens write it. Amounts travel in whole paise (no float ever adds them up); they
 * are shown in rupees in the reader's Indian locale: ₹1,23,456.78, or ₹১,২৩,৪৫৬.৭৮ in Bengali.
 * Every amount is in rupees, New York's too: the municipal account is kept in INR.
 */
const formats = new Map<string, Intl.NumberFormat>();

/** An amount in paise as rupees: 53100 → '₹531.00'. */
export function formatPaise(paise: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' });
    formats.set(locale, format);
  }
  return format.format(paise / 100);
}
