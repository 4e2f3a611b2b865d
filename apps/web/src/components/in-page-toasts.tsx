import { useSyncExternalStore } from 'react';

// The element a signed-in screen keeps for its toasts, if one is mounted (see InPageToastSlot).
let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function setSlot(element: HTMLElement | null) {
  if (slot === element) return;
  slot = element;
  for (const listener of listeners) listener();
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
