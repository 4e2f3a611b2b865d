// The open data API's limits, apart from its schemas so the device keys' contract can name them.

/** Requests a client without a key may make in one window; a key carries its own limit. */
export const OPEN_DATA_ANONYMOUS_LIMIT = 300;
/** A new open-data key's limit when the admin names none. */
export const OPEN_DATA_KEY_DEFAULT_LIMIT = 3_000;
/** The highest limit a key may be given. */
export const OPEN_DATA_KEY_MAX_LIMIT = 1_000_000;
/** The rate limit's window, in seconds: limits are requests per minute. */
export const OPEN_DATA_WINDOW_S = 60;
/** The header a client names its open-data key in (or `?api_key=`). */
export const OPEN_DATA_KEY_HEADER = 'X-API-Key';
