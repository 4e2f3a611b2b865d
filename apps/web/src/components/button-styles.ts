/** Shared class lists so every button and button-like link has the same shape and focus ring. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500';

export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-sky-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`;

/**
 * The buttons of a record's actions (an alert, a booking): narrower on a phone so that three share a
 * row. The main one is white on sky-700, which keeps small text above 4.5:1 contrast.
 */
export const actionButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-sky-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-60 sm:px-4 ${focusRing}`;
export const otherActionButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 sm:px-4 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`;
export const dangerActionButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-3 py-2 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 sm:px-4 dark:border-red-800 dark:bg-slate-800 dark:text-red-300 dark:hover:bg-red-950/40 ${focusRing}`;

export const iconButton = `inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;

/**
 * A toggle button's colours (a filter chip, a window switch option): every "chosen" option on
 * every screen looks the same, in both themes.
 */
export const pressedColors = 'bg-sky-700 text-white';
export const unpressedColors =
  'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
