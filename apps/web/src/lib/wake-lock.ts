import { useEffect } from 'react';

/**
 * Keeps the screen from dimming or locking while `active`, where the browser offers the Screen
 * Wake Lock API; elsewhere (an older browser, a page that is not secure) it does nothing. The
 * browser drops the lock whenever the page is hidden, so it is asked for again each time the
 * page is shown.
 */
export function useScreenWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;

    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const next = await navigator.wakeLock.request('screen');
        if (stopped) void next.release();
        else lock = next;
      } catch {
        // Refused (battery saver, a policy, no user activation yet): the screen may dim, and the
        // next time the page is shown it asks again.
      }
    };
    const onVisibility = () => void acquire();

    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (lock && !lock.released) void lock.release();
    };
  }, [active]);
}
