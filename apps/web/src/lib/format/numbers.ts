/**
 * Every number the screens write, in the reader's locale: its digits and its grouping (12,04,310 in
 * Hindi, ১২,০৪,৩১০ in Bengali). Sensor values with their type's decimals are in `metric-value.ts`,
 * built on these.
 */

// Building a NumberFormat is costly and lists format many values per render: one per locale and
// style, kept.
const formats = new Map<string, Intl.NumberFormat>();

/** The locale's NumberFormat with these options, built once. */
export function numberFormat(
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** Decimals of a plain number that belongs to no sensor type, such as a rated load. */
const PLAIN_MAX_FRACTION_DIGITS = 2;

/** A count, grouped as the locale groups it: '1,204', '12,04,310'. */
export function formatCount(count: number, locale: string): string {
  return numberFormat(locale).format(count);
}

/** A number written without grouping, as a sequence number or a badge is: '1204', '৯'. */
export function formatDigits(value: number, locale: string): string {
  return numberFormat(locale, { useGrouping: false }).format(value);
}

/** A number with exactly `digits` decimals: '35.2', '7.00'. */
export function formatFixed(value: number, digits: number, locale: string): string {
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A number with its sign and exactly `digits` decimals: '+3.42', '−3.10', '0.00'. */
export function formatSigned(value: number, digits: number, locale: string): string {
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  }).format(value);
}

/** A number of no sensor type, with up to two decimals and no trailing zeros: '40', '3.75'. */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, {
    minimumFractionDigits: 0,
    maximumFractionDigits: PLAIN_MAX_FRACTION_DIGITS,
  }).format(value);
}

/**
 * A number shortened for a narrow place such as a chart axis or a map mark: '1.2M', '45', '0.25'
 * (`maxDigits` decimals at most, two unless said).
 */
export function formatCompactNumber(
  value: number,
  locale: string,
  maxDigits = PLAIN_MAX_FRACTION_DIGITS,
): string {
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: maxDigits }).format(
    value,
  );
}

/**
 * A share from 0 to 1 as a percentage: up to one decimal ('7.6%', '0%', '100%'), or exactly
 * `digits` decimals when given ('7.0%').
 */
export function formatShare(share: number, locale: string, digits?: number): string {
  return numberFormat(
    locale,
    digits === undefined
      ? { style: 'percent', maximumFractionDigits: 1 }
      : { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits },
  ).format(share);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size on disk in the largest decimal unit under it: '3.4 GB', '48 MB'. */
export function formatBytes(bytes: number, locale: string): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

/**
 * An amount in paise as rupees: 53100 → '₹531.00', in the reader's Indian locale
 * (₹১,২৩,৪৫৬.৭৮ in Bengali). Amounts travel in whole paise, so no float ever adds them up; every
 * amount is in rupees, New York's too: the municipal account is kept in INR.
 */
export function formatPaise(paise: number, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: 'INR' }).format(paise / 100);
}
