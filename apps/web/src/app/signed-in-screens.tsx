import {
  canHandleAlerts,
  canManageAccounts,
  canManageDeviceKeys,
  canPublishNotices,
  canScheduleMaintenance,
  canTriageReports,
} from '@smart-city/shared';
import type { ComponentType } from 'react';
import { lazyScreen } from './lazy-screen';
import { PolicyGuard } from './policy-guard';
import type { SignedInScreenName } from './signed-in-screen';
import { withLiveModule } from './screen-live-modules';

// Each signed-in screen is its own chunk, downloaded on first visit with its live module if it has
// one. The loaders live with the signed-in frame, so the public pages carry none of them.
const DashboardScreen = lazyScreen('dashboard', () =>
  import('../features/dashboard/dashboard-page').then(withLiveModule((m) => m.DashboardPage)),
);
const SensorsScreen = lazyScreen('sensors', () =>
  import('../features/sensors/sensors-page').then((m) => m.SensorsPage),
);
const AlertsScreen = lazyScreen('alerts', () =>
  import('../features/alerts/alerts-page').then(withLiveModule((m) => m.AlertsPage)),
);
const AlertDetailScreen = lazyScreen('alertDetail', () =>
  import('../features/alerts/alert-detail-page').then(withLiveModule((m) => m.AlertDetailPage)),
);
const AlertGroupScreen = lazyScreen('alertGroup', () =>
  import('../features/alerts/alert-group-page').then(withLiveModule((m) => m.AlertGroupPage)),
);
const NotificationsScreen = lazyScreen('notifications', () =>
  import('../features/notifications/notifications-page').then((m) => m.NotificationsPage),
);
const AnalyticsScreen = lazyScreen('analytics', () =>
  import('../features/analytics/analytics-page').then((m) => m.AnalyticsPage),
);
const ServicesScreen = lazyScreen('services', () =>
  import('../features/services/services-page').then(withLiveModule((m) => m.ServicesPage)),
);
const EmergencyScreen = lazyScreen('emergency', () =>
  import('../features/emergency/emergency-page').then(withLiveModule((m) => m.EmergencyPage)),
);
const QuickBookingScreen = lazyScreen('emergencyQuick', () =>
  import('../features/emergency/quick-booking-page').then(
    withLiveModule((m) => m.QuickBookingPage),
  ),
);
const EmergencyResultScreen = lazyScreen('emergencyResult', () =>
  import('../features/emergency/emergency-result-page').then(
    withLiveModule((m) => m.EmergencyResultPage),
  ),
);
const DispatchScreen = lazyScreen('dispatch', () =>
  import('../features/emergency/dispatch-page').then(withLiveModule((m) => m.DispatchPage)),
);
const BillingScreen = lazyScreen('billing', () =>
  import('../features/emergency/billing-page').then((m) => m.BillingPage),
);
const NoticesScreen = lazyScreen('notices', () =>
  import('../features/notices/notices-page').then((m) => m.NoticesPage),
);
const NoticeDetailScreen = lazyScreen('noticeDetail', () =>
  import('../features/notices/notice-detail-page').then((m) => m.NoticeDetailPage),
);
const NewNoticeScreen = lazyScreen('newNotice', () =>
  import('../features/notices/new-notice-page').then((m) => m.NewNoticePage),
);
const EditNoticeScreen = lazyScreen('editNotice', () =>
  import('../features/notices/edit-notice-page').then((m) => m.EditNoticePage),
);
const PeopleScreen = lazyScreen('people', () =>
  import('../features/admin/people-page').then((m) => m.PeoplePage),
);
const DeviceKeysScreen = lazyScreen('deviceKeys', () =>
  import('../features/admin/device-keys-page').then((m) => m.DeviceKeysPage),
);
const MaintenanceScreen = lazyScreen('maintenance', () =>
  import('../features/admin/maintenance-windows-page').then((m) => m.MaintenanceWindowsPage),
);
const AlarmKpisScreen = lazyScreen('alarmKpis', () =>
  import('../features/alarm-kpis/alarm-kpis-page').then((m) => m.AlarmKpisPage),
);
const BlockchainScreen = lazyScreen('blockchain', () =>
  import('../features/blockchain/blockchain-page').then(withLiveModule((m) => m.BlockchainPage)),
);
const CityTwinScreen = lazyScreen('cityTwin', () =>
  import('../features/city-twin/city-twin-page').then(withLiveModule((m) => m.CityTwinPage)),
);
const SettingsScreen = lazyScreen('settings', () =>
  import('../features/settings/settings-page').then((m) => m.SettingsPage),
);
const EscalationSettingsScreen = lazyScreen('escalation', () =>
  import('../features/settings/escalation-settings-page').then((m) => m.EscalationSettingsPage),
);
const ProfileScreen = lazyScreen('profile', () =>
  import('../features/profile/profile-page').then((m) => m.ProfilePage),
);
const NewReportScreen = lazyScreen('newReport', () =>
  import('../features/reports/new-report-page').then(withLiveModule((m) => m.NewReportPage)),
);
const MyReportsScreen = lazyScreen('myReports', () =>
  import('../features/reports/my-reports-page').then(withLiveModule((m) => m.MyReportsPage)),
);
const ReportQueueScreen = lazyScreen('reportQueue', () =>
  import('../features/reports/triage-page').then(withLiveModule((m) => m.TriagePage)),
);

// The admins' screens say 'Access Denied' to anyone else, by the rule the server holds their
// endpoints to; the guard travels with them rather than in every page's first download.
function EditNoticeGuarded() {
  return (
    <PolicyGuard policy={canPublishNotices}>
      <EditNoticeScreen />
    </PolicyGuard>
  );
}

function PeopleGuarded() {
  return (
    <PolicyGuard policy={canManageAccounts}>
      <PeopleScreen />
    </PolicyGuard>
  );
}

function DeviceKeysGuarded() {
  return (
    <PolicyGuard policy={canManageDeviceKeys}>
      <DeviceKeysScreen />
    </PolicyGuard>
  );
}

function MaintenanceGuarded() {
  return (
    <PolicyGuard policy={canScheduleMaintenance}>
      <MaintenanceScreen />
    </PolicyGuard>
  );
}

function AlarmKpisGuarded() {
  return (
    <PolicyGuard policy={canHandleAlerts}>
      <AlarmKpisScreen />
    </PolicyGuard>
  );
}

function ReportQueueGuarded() {
  return (
    <PolicyGuard policy={canTriageReports}>
      <ReportQueueScreen />
    </PolicyGuard>
  );
}

function EmergencySuccessScreen() {
  return <EmergencyResultScreen variant="success" />;
}

function EmergencyCancelScreen() {
  return <EmergencyResultScreen variant="cancel" />;
}

/** The signed-in screens by the names the route table gives them (see SignedInScreen). */
export const SIGNED_IN_SCREENS = {
  dashboard: DashboardScreen,
  sensors: SensorsScreen,
  alerts: AlertsScreen,
  alertDetail: AlertDetailScreen,
  alertGroup: AlertGroupScreen,
  notifications: NotificationsScreen,
  analytics: AnalyticsScreen,
  services: ServicesScreen,
  emergency: EmergencyScreen,
  quickBooking: QuickBookingScreen,
  emergencySuccess: EmergencySuccessScreen,
  emergencyCancel: EmergencyCancelScreen,
  dispatch: DispatchScreen,
  billing: BillingScreen,
  notices: NoticesScreen,
  noticeDetail: NoticeDetailScreen,
  newNotice: NewNoticeScreen,
  editNotice: EditNoticeGuarded,
  blockchain: BlockchainScreen,
  cityTwin: CityTwinScreen,
  settings: SettingsScreen,
  escalationSettings: EscalationSettingsScreen,
  profile: ProfileScreen,
  people: PeopleGuarded,
  deviceKeys: DeviceKeysGuarded,
  maintenance: MaintenanceGuarded,
  alarmKpis: AlarmKpisGuarded,
  newReport: NewReportScreen,
  myReports: MyReportsScreen,
  reportQueue: ReportQueueGuarded,
} satisfies Record<SignedInScreenName, ComponentType>;

/**
 * Starts downloading a screen's code (a guarded screen's once it is drawn): the route guard asks
 * for the screen being opened while the session is checked, so the screen draws, and asks for its
 * data, as soon as the frame stands.
 */
export function preloadScreen(name: SignedInScreenName): void {
  const screen: ComponentType & { preload?: () => void } = SIGNED_IN_SCREENS[name];
  screen.preload?.();
}
