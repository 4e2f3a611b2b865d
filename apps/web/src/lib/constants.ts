/** How often the header clock re-renders: it shows minutes, so once a minute is enough. */
export const CLOCK_REFRESH_MS = 60_000;

/**
 * A lazy screen that has not arrived after this long is reported as failed: two minutes lets a slow
 * mobile connection finish, yet does not leave anyone waiting on a request that will never end.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The critical-alerts badge shows the count up to this number, then "9+". */
export const ALERT_BADGE_CAP = 9;

/** The notifications dropdown lists at most this many active alerts. */
export const NOTIFICATIONS_SHOWN = 5;

/**
 * Query cache defaults: data stays fresh for 5 minutes because live events keep it current, a
 * failed request is tried once more, and focusing the window fetches nothing (the live connection
 * already did).
 */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_COUNT = 1;
