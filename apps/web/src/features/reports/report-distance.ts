/** A distance as a resident or an operator says it: '40 m'. */
export function formatDistance(metres: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'meter',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(metres);
}
