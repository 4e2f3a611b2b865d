import { enLanding } from './en-landing';
import { i18n } from './i18n';

// The landing page's texts travel with the landing page rather than in every page's first
// download (the sign-in page has a budget too): importing this module adds them to i18next.
i18n.addResourceBundle('en', 'landing', enLanding, true, true);

/** The namespaces the landing page reads: its own texts first, then the app's. */
export const LANDING_NAMESPACES = ['landing', 'translation'] as const;
