import type { AnalyticsPoint, SensorType } from '@smart-city/shared';

/** People are counted in whole numbers; every other metric reads well to one decimal. */
export function metricFractionDigits(metric: SensorType): number {
  return metric === 'population' ? 0 : 1;
}

/** A metric value as the screen shows it, e.g. '43.2' or '12,345'. */
export function formatMetricValue(value: number, metric: SensorType, locale: string): string {
  const digits = metricFractionDigits(metric);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A time in a city's own time zone, with the zone named: 'Nov 22, 9:41 AM GMT+5:30'. */
export function formatCityTime(iso: string, timeZone: string | undefined, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

/** A chart axis tick: the time of day for a day's window, the date for longer ones. */
export function formatAxisTime(
  ms: number,
  spansDays: boolean,
  timeZone: string | undefined,
  locale: string,
): string {
  const options: Intl.DateTimeFormatOptions = spansDays
    ? { month: 'short', day: 'numeric', timeZone }
    : { hour: 'numeric', minute: '2-digit', timeZone };
  return new Intl.DateTimeFormat(locale, options).format(new Date(ms));
}

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

export const SERIES_CSV_HEADER = 'timestamp,value,min,max';

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
