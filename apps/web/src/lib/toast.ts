import { useSyncExternalStore } from 'react';

// The toast library and its outlet download with the first toast (or with the signed-in frame,
// which shows many), not with every first page: a visitor who only reads the landing page needs
// neither. react-hot-toast keeps the toasts of the first call in its store until the outlet mounts.

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks for the toast outlet; screens that show toasts often call it as they open. */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the toast outlet is asked for yet. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}

function show(kind: 'success' | 'error', message: string): void {
  wantToasts();
  import('react-hot-toast').then(
    ({ toast }) => toast[kind](message),
    (error: unknown) => console.warn(`A toast could not be shown: ${message}`, error),
  );
}

/** A toast from the code every page loads; the signed-in screens use react-hot-toast directly. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
