import type { AnalyticsPoint } from '@smart-city/shared';

export interface SeriesSummary {
  average: number;
  min: number;
  max: number;
}

/**
 * Average, lowest and highest of a window, as the comparison answers them for every city: the mean
 * of the bucket values (each bucket weighs the same) and the lowest and highest bucket value (the
 * range the city figure moved in). Null when the window is empty.
 */
export function summarizeSeries(points: readonly AnalyticsPoint[]): SeriesSummary | null {
  if (points.length === 0) return null;
  const values = points.map((point) => point.value);
  return {
    average: values.reduce((sum, value) => sum + value, 0) / values.length,
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

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
