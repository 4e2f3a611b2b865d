import { lazyScreen } from './lazy-screen';
import { withLiveModule } from './screen-live-modules';

// Each screen is its own chunk, downloaded on first visit, with its live module if it has one.
export const LandingScreen = lazyScreen('landing', () =>
  import('../features/landing/landing-page').then((m) => m.LandingPage),
);
export const LoginScreen = lazyScreen('login', () =>
  import('../features/auth/login-page').then((m) => m.LoginPage),
);
export const ResetPasswordScreen = lazyScreen('resetPassword', () =>
  import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
);
export const DashboardScreen = lazyScreen(
  'dashboard',
  withLiveModule('dashboard', () =>
    import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
  ),
);
export const SensorsScreen = lazyScreen('sensors', () =>
  import('../features/sensors/sensors-page').then((m) => m.SensorsPage),
);
export const AlertsScreen = lazyScreen(
  'alerts',
  withLiveModule('alerts', () =>
    import('../features/alerts/alerts-page').then((m) => m.AlertsPage),
  ),
);
export const AlertDetailScreen = lazyScreen(
  'alertDetail',
  withLiveModule('alerts', () =>
    import('../features/alerts/alert-detail-page').then((m) => m.AlertDetailPage),
  ),
);
export const NotificationsScreen = lazyScreen('notifications', () =>
  import('../features/notifications/notifications-page').then((m) => m.NotificationsPage),
);
export const AnalyticsScreen = lazyScreen('analytics', () =>
  import('../features/analytics/analytics-page').then((m) => m.AnalyticsPage),
);
export const ServicesScreen = lazyScreen(
  'services',
  withLiveModule('services', () =>
    import('../features/services/services-page').then((m) => m.ServicesPage),
  ),
);
export const EmergencyScreen = lazyScreen(
  'emergency',
  withLiveModule('emergency', () =>
    import('../features/emergency/emergency-page').then((m) => m.EmergencyPage),
  ),
);
export const QuickBookingScreen = lazyScreen(
  'emergencyQuick',
  withLiveModule('emergency', () =>
    import('../features/emergency/quick-booking-page').then((m) => m.QuickBookingPage),
  ),
);
export const EmergencyResultScreen = lazyScreen(
  'emergencyResult',
  withLiveModule('emergency', () =>
    import('../features/emergency/emergency-result-page').then((m) => m.EmergencyResultPage),
  ),
);
export const NoticesScreen = lazyScreen('notices', () =>
  import('../features/notices/notices-page').then((m) => m.NoticesPage),
);
export const NoticeDetailScreen = lazyScreen('noticeDetail', () =>
  import('../features/notices/notice-detail-page').then((m) => m.NoticeDetailPage),
);
export const NewNoticeScreen = lazyScreen('newNotice', () =>
  import('../features/notices/new-notice-page').then((m) => m.NewNoticePage),
);
export const BlockchainScreen = lazyScreen(
  'blockchain',
  withLiveModule('blockchain', () =>
    import('../features/blockchain/blockchain-page').then((m) => m.BlockchainPage),
  ),
);
export const CityTwinScreen = lazyScreen(
  'cityTwin',
  withLiveModule('cityTwin', () =>
    import('../features/city-twin/city-twin-page').then((m) => m.CityTwinPage),
  ),
);
export const SettingsScreen = lazyScreen('settings', () =>
  import('../features/settings/settings-page').then((m) => m.SettingsPage),
);
export const EscalationSettingsScreen = lazyScreen('escalation', () =>
  import('../features/settings/escalation-settings-page').then((m) => m.EscalationSettingsPage),
);
export const ProfileScreen = lazyScreen('profile', () =>
  import('../features/profile/profile-page').then((m) => m.ProfilePage),
);
