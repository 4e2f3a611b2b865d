/**
 * The root of every cache key that holds the signed-in person's own data (preferences, sessions).
 * The auth provider drops everything under it when the person signs out or another one signs in.
 */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

/** The account's signed-in sessions (GET /api/auth/list-sessions). */
export const ACCOUNT_SESSIONS_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'sessions'] as const;

/** The account's notification preferences (GET /api/profile/preferences). */
export const ACCOUNT_PREFERENCES_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'preferences'] as const;

/**
 * The signed-in account and its session (null when signed out). Kept apart from ACCOUNT_QUERY_KEY:
 * it is what says whose data that is.
 */
export const SESSION_QUERY_KEY = ['session'] as const;
