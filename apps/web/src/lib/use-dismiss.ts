import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Calls onDismiss on Escape, or when a pointer press or keyboard focus lands outside the element,
 * while active. Used by the header's popovers.
 */
function useDismiss(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onDismiss: (reason: 'escape' | 'outside') => void,
): void {
  useEffect(() => {
    if (!active) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onDismiss('escape');
    }
    function onOutside(event: Event) {
      const element = ref.current;
      if (element && event.target instanceof Node && !element.contains(event.target)) {
        onDismiss('outside');
      }
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [ref, active, onDismiss]);
}

/**
 * A button that opens a panel: open state, the refs and ids that tie them together, and dismissal
 * on Escape or an outside click. Escape returns focus to the button; an outside click or Tab has
 * already moved it where the person wanted.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const dismiss = useCallback((reason: 'escape' | 'outside') => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  }, []);
  useDismiss(rootRef, open, dismiss);
  return { open, close, toggle, rootRef, buttonRef, panelId };
}
