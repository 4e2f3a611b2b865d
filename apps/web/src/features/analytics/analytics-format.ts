import type { AnalyticsPoint, ReportFigure, ReportFigures } from '@smart-city/shared';
import { numberFormat } from '../../lib/format/numbers';

const SERIES_CSV_HEADER = 'timestamp,value,min,max';

/** The series as CSV: one row a bucket, oldest first, values exactly as the server sent them. */
export function seriesCsv(points: readonly AnalyticsPoint[]): string {
  const rows = points.map((p) => `${p.timestamp},${p.value},${p.min},${p.max}`);
  return [SERIES_CSV_HEADER, ...rows].join('\n') + '\n';
}

/** The download name of a view: `<city>-<metric>-<window>.csv`. */
export function csvFileName(city: string, metric: string, window: string): string {
  return `${city}-${metric}-${window}.csv`;
}

const REPORT_FIGURES_CSV_HEADER =
  'category,opened,closed,closed_within_target,within_target_share,median_hours_to_close,rejected,duplicates,open_now,overdue_now';

/**
 * The report figures as CSV: one row a category by its code, in the server's order, then `all`
 * for the total; figures exactly as the server sent them, an empty field where there is none.
 */
export function reportFiguresCsv(figures: ReportFigures): string {
  const row = (name: string, f: ReportFigure) =>
    [
      name,
      f.opened,
      f.closed,
      f.closedWithinTarget,
      f.withinTargetShare ?? '',
      f.medianHoursToClose ?? '',
      f.rejected,
      f.duplicates,
      f.openNow,
      f.overdueNow,
    ].join(',');
  const rows = figures.categories.map((c) => row(c.category, c));
  return [REPORT_FIGURES_CSV_HEADER, ...rows, row('all', figures.total)].join('\n') + '\n';
}

/** The download name of the report figures: `<city>[-<area>]-reports-<days>d.csv`. */
export function reportFiguresFileName(figures: ReportFigures): string {
  const place = figures.area ? `${figures.city}-${figures.area}` : figures.city;
  return `${place}-reports-${figures.days}d.csv`;
}

/** Up to two days a time to close reads in hours ('30 hrs'), beyond that in days ('3.5 days'). */
const HOURS_SHOWN_UP_TO = 48;

/** A time to close in hours, in the reader's language, with at most one decimal. */
export function formatHoursToClose(hours: number, locale: string): string {
  const [unit, value] = hours <= HOURS_SHOWN_UP_TO ? ['hour', hours] : ['day', hours / 24];
  return numberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** Offers text to the browser as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
