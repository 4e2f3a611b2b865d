/** Every route of the app (spec section 2), so links and the router agree on one spelling. */
export const PATHS = {
  landing: '/',
  login: '/login',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  sensors: '/sensors',
  alerts: '/alerts',
  analytics: '/analytics',
  services: '/services',
  emergency: '/services/emergency',
  emergencyQuick: '/services/emergency/quick',
  emergencySuccess: '/services/emergency/success',
  emergencyCancel: '/services/emergency/cancel',
  notices: '/announcements',
  noticeDetail: '/announcements/:id',
  newNotice: '/announcements/new',
  blockchain: '/blockchain',
  cityTwin: '/city-twin',
  settings: '/settings',
  profile: '/profile',
} as const;

/** Where the header's Emergency button goes: quick booking with an ambulance preselected. */
export const EMERGENCY_QUICK_AMBULANCE = `${PATHS.emergencyQuick}?service=ambulance`;

/** The detail route of one notice. */
export function noticePath(id: string): string {
  return `${PATHS.notices}/${encodeURIComponent(id)}`;
}

/** The Alerts screen with one alert picked out, as the notifications dropdown opens it. */
export function alertPath(id: string): string {
  return `${PATHS.alerts}?alert=${encodeURIComponent(id)}`;
}
