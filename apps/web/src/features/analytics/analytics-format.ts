import type { AnalyticsPoint } from '@smart-city/shared';

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
