import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { PATHS } from '../lib/paths';
import { RoleGuard } from './access-guards';
import { RouteErrorScreen } from './route-error-screen';
import { RouteGuard } from './route-guard';
import {
  AlertDetailScreen,
  AlertsScreen,
  AnalyticsScreen,
  BlockchainScreen,
  CityTwinScreen,
  DashboardScreen,
  EmergencyResultScreen,
  EmergencyScreen,
  EscalationSettingsScreen,
  LandingScreen,
  LoginScreen,
  NewNoticeScreen,
  NoticeDetailScreen,
  NoticesScreen,
  NotificationsScreen,
  ProfileScreen,
  QuickBookingScreen,
  ResetPasswordScreen,
  SensorsScreen,
  ServicesScreen,
  SettingsScreen,
} from './screens';

/**
 * The signed-in frame (header, sidebar, notifications, the live connection) is code the public
 * pages never show: it downloads while the guard checks the session, in parallel with that request.
 */
const loadSignedInFrame = () =>
  import('./signed-in-frame').then((m) => ({ default: m.SignedInFrame }));
const SignedInFrame = lazy(loadSignedInFrame);

/** Every route of the app, with who may open it and the screen it loads. */
export const routes: RouteObject[] = [
  {
    path: PATHS.landing,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <LandingScreen /> },
      { path: PATHS.login, element: <LoginScreen /> },
      { path: PATHS.resetPassword, element: <ResetPasswordScreen /> },
      {
        element: (
          <RouteGuard preload={loadSignedInFrame}>
            <Suspense fallback={<LoadingScreen fullHeight />}>
              <SignedInFrame />
            </Suspense>
          </RouteGuard>
        ),
        children: [
          { path: PATHS.dashboard, element: <DashboardScreen /> },
          { path: PATHS.sensors, element: <SensorsScreen /> },
          { path: PATHS.alerts, element: <AlertsScreen /> },
          { path: PATHS.alertDetail, element: <AlertDetailScreen /> },
          { path: PATHS.notifications, element: <NotificationsScreen /> },
          { path: PATHS.analytics, element: <AnalyticsScreen /> },
          { path: PATHS.services, element: <ServicesScreen /> },
          { path: PATHS.emergency, element: <EmergencyScreen /> },
          { path: PATHS.emergencyQuick, element: <QuickBookingScreen /> },
          { path: PATHS.emergencySuccess, element: <EmergencyResultScreen variant="success" /> },
          { path: PATHS.emergencyCancel, element: <EmergencyResultScreen variant="cancel" /> },
          { path: PATHS.notices, element: <NoticesScreen /> },
          {
            path: PATHS.newNotice,
            element: (
              <RoleGuard role="admin">
                <NewNoticeScreen />
              </RoleGuard>
            ),
          },
          { path: PATHS.noticeDetail, element: <NoticeDetailScreen /> },
          { path: PATHS.blockchain, element: <BlockchainScreen /> },
          { path: PATHS.cityTwin, element: <CityTwinScreen /> },
          { path: PATHS.settings, element: <SettingsScreen /> },
          {
            path: PATHS.escalationSettings,
            element: (
              <RoleGuard role="admin">
                <EscalationSettingsScreen />
              </RoleGuard>
            ),
          },
          { path: PATHS.profile, element: <ProfileScreen /> },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.landing} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
