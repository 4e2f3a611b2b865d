import { enHome } from './en-home';
import { i18n } from './i18n';

// A citizen's home and the area picker bring their own texts: importing this module (as the
// dashboard's panel and the profile's area card do) adds them to i18next.
i18n.addResourceBundle('en', 'home', enHome, true, true);

/** The namespaces a citizen's home reads: its own texts first, then the app's (`translation:…`). */
export const HOME_NAMESPACES = ['home', 'translation', 'signedIn'] as const;
