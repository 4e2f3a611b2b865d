import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Calls onDismiss on Escape, or when a pointer press or keyboard focus lands outside the element,
 * while active. Used by the header's popovers.
 */
export function useDismiss(
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
