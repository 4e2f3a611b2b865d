import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { PATHS } from '../lib/paths';
import { RoleGuard } from './access-guards';
import { RouteErrorScreen } from './route-error-screen';
import { RouteGuard } from './route-guard';
import { LandingScreen, LoginScreen, ResetPasswordScreen } from './screens';
import { SignedInScreen } from './signed-in-screen';

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
          { path: PATHS.dashboard, element: <SignedInScreen name="dashboard" /> },
          { path: PATHS.sensors, element: <SignedInScreen name="sensors" /> },
          { path: PATHS.alerts, element: <SignedInScreen name="alerts" /> },
          { path: PATHS.alertDetail, element: <SignedInScreen name="alertDetail" /> },
          { path: PATHS.alertGroup, element: <SignedInScreen name="alertGroup" /> },
          { path: PATHS.alarmKpis, element: <SignedInScreen name="alarmKpis" /> },
          { path: PATHS.notifications, element: <SignedInScreen name="notifications" /> },
          { path: PATHS.analytics, element: <SignedInScreen name="analytics" /> },
          { path: PATHS.services, element: <SignedInScreen name="services" /> },
          { path: PATHS.emergency, element: <SignedInScreen name="emergency" /> },
          { path: PATHS.emergencyQuick, element: <SignedInScreen name="quickBooking" /> },
          { path: PATHS.emergencySuccess, element: <SignedInScreen name="emergencySuccess" /> },
          { path: PATHS.emergencyCancel, element: <SignedInScreen name="emergencyCancel" /> },
          { path: PATHS.dispatch, element: <SignedInScreen name="dispatch" /> },
          { path: PATHS.billing, element: <SignedInScreen name="billing" /> },
          { path: PATHS.notices, element: <SignedInScreen name="notices" /> },
          {
            path: PATHS.newNotice,
            element: (
              <RoleGuard role="admin">
                <SignedInScreen name="newNotice" />
              </RoleGuard>
            ),
          },
          { path: PATHS.editNotice, element: <SignedInScreen name="editNotice" /> },
          { path: PATHS.noticeDetail, element: <SignedInScreen name="noticeDetail" /> },
          { path: PATHS.blockchain, element: <SignedInScreen name="blockchain" /> },
          { path: PATHS.cityTwin, element: <SignedInScreen name="cityTwin" /> },
          { path: PATHS.settings, element: <SignedInScreen name="settings" /> },
          {
            path: PATHS.escalationSettings,
            element: (
              <RoleGuard role="admin">
                <SignedInScreen name="escalationSettings" />
              </RoleGuard>
            ),
          },
          { path: PATHS.profile, element: <SignedInScreen name="profile" /> },
          { path: PATHS.people, element: <SignedInScreen name="people" /> },
          { path: PATHS.deviceKeys, element: <SignedInScreen name="deviceKeys" /> },
          { path: PATHS.maintenance, element: <SignedInScreen name="maintenance" /> },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.landing} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
