import type { DefaultToastOptions } from 'react-hot-toast';

/**
 * Toast timings and width: a success needs only a glance, an error time to read; at most 350 px
 * wide. They are react-hot-toast's own defaults too.
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
