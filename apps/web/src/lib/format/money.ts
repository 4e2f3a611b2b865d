/**
 * Money as the screens write it. Amounts travel in whole paise (no float ever adds them up); they
 * are shown in rupees the Indian way, ₹1,23,456.78, whatever the reader's language.
 */
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** An amount in paise as rupees: 53100 → '₹531.00'. */
export function formatPaise(paise: number): string {
  return RUPEES.format(paise / 100);
}
