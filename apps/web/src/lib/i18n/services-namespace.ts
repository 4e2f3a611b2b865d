import { enServices } from './en-services';
import { i18n } from './i18n';

// The services screens' texts travel with their own code rather than in every screen's first
// download: importing this module (as each of those screens does) adds them to i18next.
i18n.addResourceBundle('en', 'services', enServices, true, true);

/**
 * The namespaces a services screen reads: its own texts first, then the app's (as
 * `translation:app.loading`). The type of every key of one namespace is worked out at once, so the
 * screens' many texts live beside the main namespace instead of growing it.
 */
export const SERVICES_NAMESPACES = ['services', 'translation', 'signedIn'] as const;
