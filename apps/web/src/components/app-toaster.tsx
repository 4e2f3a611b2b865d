import { createPortal } from 'react-dom';
import { resolveValue, ToastIcon, useToaster } from 'react-hot-toast';
import { useToastSlot, useToastsHeld } from './in-page-toasts';
import { TOAST_OPTIONS } from './toast-options';

/**
 * The app's one toast outlet, top right: in the page's own slot on a signed-in screen (see
 * InPageToastSlot), else floating below where a header would be. At most 20 toasts show, so a
 * burst of alerts cannot bury the page; that is the toast store's own limit: older toasts beyond
 * it are dropped. A screen that must stay uncovered (the wall screen) holds them back.
 */
export function AppToaster() {
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  const slot = useToastSlot();
  const held = useToastsHeld();
  const shown = toasts
    .filter((toast) => toast.visible)
    .map((toast) => (
      <div
        key={toast.id}
        {...toast.ariaProps}
        // A toast being read (hovered) stays until the pointer leaves it.
        onMouseEnter={handlers.startPause}
        onMouseLeave={handlers.endPause}
        className={`pointer-events-auto flex w-full max-w-[350px] items-center gap-2.5 rounded-lg px-3 py-2.5 text-sm ${TOAST_OPTIONS.className}`}
      >
        <ToastIcon toast={toast} />
        <div className="min-w-0 flex-1">{resolveValue(toast.message, toast)}</div>
      </div>
    ));
  // The store keeps counting down while held, so nothing stale pours out when the hold ends.
  if (held) return null;
  if (slot) return createPortal(shown, slot);
  return (
    <div
      data-testid="floating-toasts"
      className="pointer-events-none fixed top-[72px] right-4 left-4 z-[60] flex flex-col items-end gap-2"
    >
      {shown}
    </div>
  );
}
