import { Toaster } from 'react-hot-toast';
import type { DefaultToastOptions } from 'react-hot-toast';

/**
 * Toast timings and width: a success needs only a glance, an error time to read; 350 px keeps a
 * toast off the header's controls. They are react-hot-toast's own defaults too.
 */
export const TOAST_OPTIONS = {
  blank: { duration: 4000 },
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Infinity },
  custom: { duration: 4000 },
  style: { maxWidth: '350px' },
  className:
    'bg-white! text-slate-900! shadow-lg! ring-1 ring-slate-200 dark:bg-slate-800! dark:text-slate-100! dark:ring-slate-700',
} satisfies DefaultToastOptions;

/** Toasts start below the 64 px header, so they never cover the bell, the user menu or the city. */
const TOASTER_TOP_PX = 72;

/**
 * The app's one toast outlet, top right. At most 20 toasts show, so a burst of alerts cannot bury
 * the page; that is the toast
 * store's own limit: older toasts beyond it are dropped.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={TOAST_OPTIONS}
      containerStyle={{ top: TOASTER_TOP_PX }}
    />
  );
}
