import { alertNarrowingQuerySchema } from '@smart-city/shared';
import type { AlertNarrowingQuery } from '@smart-city/shared';

/**
 * The narrowing filters of the Alerts screen, as the address keeps them: when the alerts were
 * raised, whether they chattered or joined a flood, one sensor's alerts of one rule. The alarm
 * KPIs link to the alerts behind each figure with them; the screen shows them as one chip.
 */
export type AlertNarrowing = AlertNarrowingQuery;

const NARROWING_KEYS = [
  'from',
  'to',
  'raisedBefore',
  'chattering',
  'grouped',
  'sensorId',
  'rule',
] as const satisfies readonly (keyof AlertNarrowing)[];

const fields = alertNarrowingQuerySchema.shape;

/** Reads the narrowing filters from a query string; a value the server would refuse is left out. */
export function narrowingFromParams(params: URLSearchParams): AlertNarrowing {
  const narrowing: Record<string, string> = {};
  for (const key of NARROWING_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = fields[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) narrowing[key] = parsed.data;
  }
  return narrowing;
}

/** Whether any narrowing filter is set. */
export function isNarrowed(narrowing: AlertNarrowing): boolean {
  return NARROWING_KEYS.some((key) => narrowing[key] !== undefined);
}

/** Adds the narrowing filters to a request's query string. */
export function appendNarrowing(params: URLSearchParams, narrowing: AlertNarrowing) {
  for (const key of NARROWING_KEYS) {
    const value = narrowing[key];
    if (value !== undefined) params.set(key, value);
  }
}

/** The query string without its narrowing filters. */
export function paramsWithoutNarrowing(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of NARROWING_KEYS) next.delete(key);
  return next;
}

/** A stable key of the narrowing filters, for telling one view from another. */
export function narrowingKey(narrowing: AlertNarrowing): string {
  return NARROWING_KEYS.map((key) => narrowing[key] ?? '').join('|');
}
