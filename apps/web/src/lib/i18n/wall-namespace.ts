import { enWall } from './en-wall';
import { i18n } from './i18n';

// The wall screen's and the map's extra texts travel with their code rather than in every
// screen's first download: importing this module (as those components do) adds them to i18next.
i18n.addResourceBundle('en', 'wall', enWall, true, true);

/** The namespaces the wall screen and the sensor map read: their own texts first, then the app's. */
export const WALL_NAMESPACES = ['wall', 'translation', 'signedIn'] as const;
