import { AUTH_EVENT_STORAGE_KEY, writeStorage } from '../storage-keys';

/** The BroadcastChannel every tab of the app listens on for sign-in and sign-out. */
export const AUTH_CHANNEL_NAME = 'smartcity-auth';

const AUTH_EVENTS = ['signed-in', 'signed-out', 'account-changed'] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];

function eventOf(data: unknown): AuthEvent | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  const { type } = data;
  return (AUTH_EVENTS as readonly unknown[]).includes(type) ? (type as AuthEvent) : null;
}

export interface AuthChannel {
  /** Tells the other tabs; the sending tab does not hear its own message. */
  post: (event: AuthEvent) => void;
  close: () => void;
}

/**
 * Connects this tab to the others of the same origin. BroadcastChannel where the browser has it;
 * otherwise a localStorage write, which fires a `storage` event in every other tab.
 */
export function openAuthChannel(onEvent: (event: AuthEvent) => void): AuthChannel {
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
    channel.onmessage = (message: MessageEvent<unknown>) => {
      const event = eventOf(message.data);
      if (event) onEvent(event);
    };
    return {
      post: (type) => channel.postMessage({ type }),
      close: () => channel.close(),
    };
  }

  function onStorage(storageEvent: StorageEvent) {
    if (storageEvent.key !== AUTH_EVENT_STORAGE_KEY || !storageEvent.newValue) return;
    try {
      const event = eventOf(JSON.parse(storageEvent.newValue));
      if (event) onEvent(event);
    } catch {
      // Another version of the app may have written something else: not an event for us.
    }
  }
  window.addEventListener('storage', onStorage);
  let sequence = 0;
  return {
    // A storage event fires only when the value changes, so each write carries a new stamp.
    post: (type) => {
      sequence += 1;
      writeStorage(AUTH_EVENT_STORAGE_KEY, JSON.stringify({ type, at: Date.now(), sequence }));
    },
    close: () => window.removeEventListener('storage', onStorage),
  };
}
