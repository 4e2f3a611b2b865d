import { useEffect, useSyncExternalStore } from 'react';

// The element a signed-in screen keeps for its toasts, if one is mounted (see InPageToastSlot).
let slot: HTMLElement | null = null;
// How many mounted screens want no toasts at all (see useHoldToasts).
let holds = 0;
const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function setSlot(element: HTMLElement | null) {
  if (slot === element) return;
  slot = element;
  notify();
}

/** Where the toasts go now: the page's own slot, or null for the floating corner. */
export function useToastSlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => slot,
    () => null,
  );
}

/**
 * Where a signed-in screen shows its toasts: top right in the page itself, in the flow at the top,
 * so they push the page's title and main buttons down instead of covering them, and sticky under
 * the header once the page is scrolled. The one toast outlet (AppToaster) renders into it.
 */
export function InPageToastSlot() {
  return (
    <div
      ref={(element) => {
        setSlot(element);
        return () => setSlot(null);
      }}
      data-testid="in-page-toasts"
      className="pointer-events-none sticky top-[4.5rem] z-20 flex flex-col items-end gap-2 empty:hidden [&:not(:empty)]:mb-4"
    />
  );
}

/** Whether a screen has asked for no toasts (see useHoldToasts). */
export function useToastsHeld(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => holds > 0,
    () => false,
  );
}

/**
 * Keeps toasts off the screen while the calling component is mounted: a wall screen shows the
 * alerts in its own column, and nothing may cover it. Toasts raised meanwhile still time out.
 */
export function useHoldToasts(): void {
  useEffect(() => {
    holds += 1;
    notify();
    return () => {
      holds -= 1;
      notify();
    };
  }, []);
}
