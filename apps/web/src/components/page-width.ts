/**
 * The one rule for how wide a screen is. Every screen fills the content column up to 80rem and is
 * centred beyond it (the app layout and the public landing page apply this); a screen that is a
 * single column of text or one form sits in the reading column inside it, so its lines stay short
 * enough to read. Screens set no width of their own.
 */
export const PAGE_WIDTH = 'mx-auto w-full max-w-7xl';

/** A single column of text or one form, centred in the page. */
export const READING_WIDTH = 'mx-auto w-full max-w-3xl';
