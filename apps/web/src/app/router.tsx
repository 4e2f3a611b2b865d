import { Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { preloadable } from '../lib/preloadable';
import { PATHS } from '../lib/paths';
import { RoleGuard } from './access-guards';
import { RouteErrorScreen } from './route-error-screen';
import { RouteGuard } from './route-guard';
import {
  LandingScreen,
  LoginScreen,
  OpenDataScreen,
  ReportDetailScreen,
  ReportsScreen,
  ResetPasswordScreen,
} from './screens';
import { SignedInScreen } from './signed-in-screen';
import type { SignedInScreenName } from './signed-in-screen';

/**
 * The signed-in frame (header, sidebar, notifications, the live connection) is code the public
 * pages never show: it downloads while the guard checks the session, in parallel with that request.
 */
const frame = preloadable(() => import('./signed-in-frame').then((m) => m.SignedInFrame));

/** The frame, drawn directly once its code is here (the guard asks for it early). */
function SignedInFrame() {
  return (
    <Suspense fallback={<LoadingScreen fullHeight />}>
      <frame.Component />
    </Suspense>
  );
}

/**
 * What a route under the guard keeps in its `handle`: the screen the guard preloads by its name, or
 * that visitors may open it too.
 */
interface ScreenHandle {
  screen?: SignedInScreenName;
  openToVisitors?: true;
}

/** A signed-in route: its screen, behind a role when one is named. */
function screenRoute(path: string, screen: SignedInScreenName, role?: 'admin'): RouteObject {
  const element = <SignedInScreen name={screen} />;
  return {
    path,
    element: role ? <RoleGuard role={role}>{element}</RoleGuard> : element,
    handle: { screen } satisfies ScreenHandle,
  };
}

const OPEN_TO_VISITORS: ScreenHandle = { openToVisitors: true };

function handleAt(pathname: string): ScreenHandle | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
}

function openToVisitors(pathname: string): boolean {
  return handleAt(pathname)?.openToVisitors === true;
}

/**
 * While the session is checked: the frame's code and, with it, the code of the screen being
 * opened, so the screen draws (and asks for its data) as soon as the frame stands rather than
 * after a second download.
 */
function preloadSignedIn(pathname: string) {
  const screen = handleAt(pathname)?.screen;
  frame.preload();
  return import('./signed-in-frame').then((module) => {
    if (screen) module.preloadScreen(screen);
  });
}

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
          <RouteGuard preload={preloadSignedIn} openToVisitors={openToVisitors}>
            <SignedInFrame />
          </RouteGuard>
        ),
        children: [
          screenRoute(PATHS.dashboard, 'dashboard'),
          screenRoute(PATHS.sensors, 'sensors'),
          screenRoute(PATHS.alerts, 'alerts'),
          screenRoute(PATHS.alertDetail, 'alertDetail'),
          screenRoute(PATHS.alertGroup, 'alertGroup'),
          screenRoute(PATHS.alarmKpis, 'alarmKpis'),
          screenRoute(PATHS.notifications, 'notifications'),
          screenRoute(PATHS.analytics, 'analytics'),
          screenRoute(PATHS.services, 'services'),
          screenRoute(PATHS.emergency, 'emergency'),
          screenRoute(PATHS.emergencyQuick, 'quickBooking'),
          screenRoute(PATHS.emergencySuccess, 'emergencySuccess'),
          screenRoute(PATHS.emergencyCancel, 'emergencyCancel'),
          screenRoute(PATHS.dispatch, 'dispatch'),
          screenRoute(PATHS.billing, 'billing'),
          screenRoute(PATHS.notices, 'notices'),
          screenRoute(PATHS.newNotice, 'newNotice', 'admin'),
          screenRoute(PATHS.editNotice, 'editNotice'),
          screenRoute(PATHS.noticeDetail, 'noticeDetail'),
          screenRoute(PATHS.blockchain, 'blockchain'),
          screenRoute(PATHS.cityTwin, 'cityTwin'),
          screenRoute(PATHS.settings, 'settings'),
          screenRoute(PATHS.escalationSettings, 'escalationSettings', 'admin'),
          screenRoute(PATHS.profile, 'profile'),
          screenRoute(PATHS.people, 'people'),
          screenRoute(PATHS.deviceKeys, 'deviceKeys'),
          screenRoute(PATHS.maintenance, 'maintenance'),
          screenRoute(PATHS.newReport, 'newReport'),
          screenRoute(PATHS.myReports, 'myReports'),
          screenRoute(PATHS.reportQueue, 'reportQueue'),
          // The public reports: signed-in people open them inside their frame.
          { path: PATHS.reports, element: <ReportsScreen />, handle: OPEN_TO_VISITORS },
          { path: PATHS.reportDetail, element: <ReportDetailScreen />, handle: OPEN_TO_VISITORS },
          // The open data and its API's documentation, likewise.
          { path: PATHS.openData, element: <OpenDataScreen />, handle: OPEN_TO_VISITORS },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.landing} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
