import {
  canDispatchBookings,
  canHandleAlerts,
  canManageAccounts,
  canManageDeviceKeys,
  canScheduleMaintenance,
  canTriageReports,
  canViewBillingOverview,
} from '@smart-city/shared';
import type { Role } from '@smart-city/shared';
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
    | 'nav.reportProblem'
    | 'nav.reports'
    | 'nav.reportQueue'
    | 'nav.sensors'
    | 'nav.alerts'
    | 'nav.alarmKpis'
    | 'nav.cityTwin'
    | 'nav.blockchain'
    | 'nav.openData'
    | 'nav.settings'
    | 'nav.dispatch'
    | 'nav.billing'
    | 'nav.people'
    | 'nav.deviceKeys'
    | 'nav.maintenance';
  /** Who sees the section; everyone signed in when absent. */
  policy?: (role: Role) => boolean;
}

/**
 * The sidebar sections, in one fixed order: a section never moves under the pointer. Staff see
 * their own pages after City Services: Dispatch for operators and admins, Billing for admins; the
 * administration's own pages (people and their roles, device keys, maintenance windows) close the list, after Settings.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: PATHS.dashboard, icon: 'dashboard', labelKey: 'nav.dashboard' },
  { to: PATHS.services, icon: 'services', labelKey: 'nav.services' },
  { to: PATHS.dispatch, icon: 'truck', labelKey: 'nav.dispatch', policy: canDispatchBookings },
  { to: PATHS.billing, icon: 'receipt', labelKey: 'nav.billing', policy: canViewBillingOverview },
  { to: PATHS.analytics, icon: 'analytics', labelKey: 'nav.analytics' },
  { to: PATHS.notices, icon: 'notices', labelKey: 'nav.notices' },
  { to: PATHS.newReport, icon: 'report-problem', labelKey: 'nav.reportProblem' },
  { to: PATHS.reports, icon: 'reports', labelKey: 'nav.reports' },
  {
    to: PATHS.reportQueue,
    icon: 'user-check',
    labelKey: 'nav.reportQueue',
    policy: canTriageReports,
  },
  { to: PATHS.sensors, icon: 'sensors', labelKey: 'nav.sensors' },
  { to: PATHS.alerts, icon: 'alerts', labelKey: 'nav.alerts' },
  { to: PATHS.alarmKpis, icon: 'activity', labelKey: 'nav.alarmKpis', policy: canHandleAlerts },
  { to: PATHS.cityTwin, icon: 'city-twin', labelKey: 'nav.cityTwin' },
  { to: PATHS.blockchain, icon: 'blockchain', labelKey: 'nav.blockchain' },
  { to: PATHS.openData, icon: 'open-data', labelKey: 'nav.openData' },
  { to: PATHS.settings, icon: 'settings', labelKey: 'nav.settings' },
  { to: PATHS.people, icon: 'people', labelKey: 'nav.people', policy: canManageAccounts },
  { to: PATHS.deviceKeys, icon: 'key', labelKey: 'nav.deviceKeys', policy: canManageDeviceKeys },
  {
    to: PATHS.maintenance,
    icon: 'wrench',
    labelKey: 'nav.maintenance',
    policy: canScheduleMaintenance,
  },
];
