import { enOpenData } from './en-open-data';
import { i18n } from './i18n';

// The open data page's texts travel with the page rather than in the landing and sign-in pages'
// first download: importing this module (as the page does) adds them to i18next.
i18n.addResourceBundle('en', 'openData', enOpenData, true, true);

/**
 * The namespaces the open data page reads: its own texts first, then the app's. Not the signed-in
 * texts: a visitor's page never downloads them.
 */
export const OPEN_DATA_NAMESPACES = ['openData', 'translation'] as const;
