/** How often the header clock re-renders (spec: every 60 s). */
export const CLOCK_REFRESH_MS = 60_000;

/** A lazy screen that has not arrived after this long is reported as failed (spec: 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The critical-alerts badge shows the count up to this number, then "9+". */
export const ALERT_BADGE_CAP = 9;

/** The notifications dropdown lists at most this many active alerts. */
export const NOTIFICATIONS_SHOWN = 5;

/** react-query defaults from the spec: 5 minutes stale time, one retry, no refetch on focus. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_COUNT = 1;
