import { lazyScreen } from './lazy-screen';

// Each public screen is its own chunk, downloaded on first visit. The signed-in screens are
// declared with the signed-in frame (signed-in-screens.ts), so their loaders are not in every page.
export const LandingScreen = lazyScreen('landing', () =>
  import('../features/landing/landing-page').then((m) => m.LandingPage),
);
export const LoginScreen = lazyScreen('login', () =>
  import('../features/auth/login-page').then((m) => m.LoginPage),
);
export const ResetPasswordScreen = lazyScreen('resetPassword', () =>
  import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
);

// The public report screens are reached through a small chunk of their own that holds their
// loaders: a screen's loader names every file the screen needs, and that list would otherwise be
// part of the landing and sign-in pages' first download.
const reportScreens = () => import('./report-screens');
export const ReportsScreen = lazyScreen('reports', () =>
  reportScreens().then((m) => m.loadReportsPage()),
);
export const ReportDetailScreen = lazyScreen('reportDetail', () =>
  reportScreens().then((m) => m.loadReportDetailPage()),
);

// The open data page, for the same reason, through a chunk of its own that holds its loader.
export const OpenDataScreen = lazyScreen('openData', () =>
  import('./open-data-screen').then((m) => m.loadOpenDataPage()),
);
