/**
 * Every localStorage key the web app uses, in one place so a rename cannot miss a reader.
 * The theme key is also read by the inline script in index.html before the app loads.
 */
export const THEME_STORAGE_KEY = 'smartcity_theme';
export const CITY_STORAGE_KEY = 'smartcity_selected_city';
export const NOTICES_STORAGE_KEY = 'smartcity_announcements_v1';
/** The notices waiting to be published: the query cache's paused mutations, as saved. */
export const NOTICE_OUTBOX_STORAGE_KEY = 'smartcity_notice_outbox_v1';
/** The newest notice the person closed the floating card of; it stays closed until a newer one. */
export const DISMISSED_NOTICE_STORAGE_KEY = 'smartcity_dismissed_notice';
/** The language chosen on this device: the one a signed-out page opens in ('en', 'hi' or 'bn'). */
export const LANGUAGE_STORAGE_KEY = 'smartcity_language';
/** Where a tab without BroadcastChannel announces sign-in and sign-out to the other tabs. */
export const AUTH_EVENT_STORAGE_KEY = 'smartcity_auth_event';

/** Reads a key, treating a blocked or unavailable storage (private mode, sandboxed frame) as empty. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a key; a blocked storage only costs persistence, never the current session. */
export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Persistence is a convenience: the in-memory state still holds the value.
  }
}
