import { enCityTwin } from './en-city-twin';
import { i18n } from './i18n';

// The twin's texts travel with its code rather than in every screen's first download: importing
// this module (as the twin's screen does) adds them to i18next.
i18n.addResourceBundle('en', 'cityTwin', enCityTwin, true, true);

/** The namespaces the twin reads: its own texts first, then the app's (`translation:…`). */
export const CITY_TWIN_NAMESPACES = ['cityTwin', 'translation', 'signedIn'] as const;
