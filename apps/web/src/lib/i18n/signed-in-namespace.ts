import { enSignedIn } from './en-signed-in';
import { i18n } from './i18n';

// The signed-in screens' texts travel with the signed-in frame rather than in the public pages'
// first download: importing this module (as the frame does) adds them to i18next, and asks for
// them in the page's language, now and whenever the language changes.
i18n.addResourceBundle('en', 'signedIn', enSignedIn, true, true);
void i18n.loadNamespaces('signedIn');

/** The namespace the signed-in frame waits for before it draws (useTranslation suspends). */
export const SIGNED_IN_NAMESPACE = 'signedIn';
