import { enReports } from './en-reports';
import { i18n } from './i18n';

// The report screens' texts travel with their code rather than in the landing and sign-in pages'
// first download: importing this module (as each of those screens does) adds them to i18next.
i18n.addResourceBundle('en', 'reports', enReports, true, true);

/**
 * The namespaces a public report screen reads: its own texts first, then the app's. Not the
 * signed-in texts: a visitor's page never downloads them.
 */
export const REPORTS_NAMESPACES = ['reports', 'translation'] as const;

/** The namespaces of the signed-in report screens (the form, a person's own reports). */
export const SIGNED_IN_REPORTS_NAMESPACES = ['reports', 'translation', 'signedIn'] as const;
