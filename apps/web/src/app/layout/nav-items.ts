import type { IconName } from '../../components/icon';
import { PATHS } from '../../lib/paths';

/** The small-screen navigation drawer's element id, which the menu button controls. */
export const NAV_DRAWER_ID = 'nav-drawer';

export interface NavItem {
  to: string;
  icon: IconName;
  labelKey:
    | 'nav.dashboard'
    | 'nav.services'
    | 'nav.analytics'
    | 'nav.notices'
    | 'nav.sensors'
    | 'nav.alerts'
    | 'nav.cityTwin'
    | 'nav.blockchain'
    | 'nav.settings';
}

/** The nine sidebar sections, in one fixed order: a section never moves under the pointer. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: PATHS.dashboard, icon: 'dashboard', labelKey: 'nav.dashboard' },
  { to: PATHS.services, icon: 'services', labelKey: 'nav.services' },
  { to: PATHS.analytics, icon: 'analytics', labelKey: 'nav.analytics' },
  { to: PATHS.notices, icon: 'notices', labelKey: 'nav.notices' },
  { to: PATHS.sensors, icon: 'sensors', labelKey: 'nav.sensors' },
  { to: PATHS.alerts, icon: 'alerts', labelKey: 'nav.alerts' },
  { to: PATHS.cityTwin, icon: 'city-twin', labelKey: 'nav.cityTwin' },
  { to: PATHS.blockchain, icon: 'blockchain', labelKey: 'nav.blockchain' },
  { to: PATHS.settings, icon: 'settings', labelKey: 'nav.settings' },
];
