/** Every route of the app, so links and the router agree on one spelling. */
export const PATHS = {
  landing: '/',
  login: '/login',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  sensors: '/sensors',
  alerts: '/alerts',
  alertDetail: '/alerts/:id',
  alertGroup: '/alerts/groups/:id',
  alarmKpis: '/alerts/kpis',
  notifications: '/notifications',
  analytics: '/analytics',
  services: '/services',
  emergency: '/services/emergency',
  emergencyQuick: '/services/emergency/quick',
  emergencySuccess: '/services/emergency/success',
  emergencyCancel: '/services/emergency/cancel',
  dispatch: '/services/dispatch',
  billing: '/services/billing',
  notices: '/announcements',
  noticeDetail: '/announcements/:id',
  newNotice: '/announcements/new',
  editNotice: '/announcements/:id/edit',
  blockchain: '/blockchain',
  cityTwin: '/city-twin',
  settings: '/settings',
  escalationSettings: '/settings/escalation',
  profile: '/profile',
  people: '/admin/people',
  deviceKeys: '/admin/device-keys',
  maintenance: '/admin/maintenance',
  reports: '/reports',
  newReport: '/reports/new',
  myReports: '/reports/mine',
  reportQueue: '/reports/queue',
  reportDetail: '/reports/:id',
  openData: '/open-data',
} as const;

/** The query parameter of the IoT Sensors screen that opens one sensor's details. */
export const SENSOR_PARAM = 'sensor';

/** The IoT Sensors screen with one sensor's details open. */
export function sensorDetailPath(id: string): string {
  return `${PATHS.sensors}?${SENSOR_PARAM}=${encodeURIComponent(id)}`;
}

/** Where the header's Emergency button goes: quick booking with an ambulance preselected. */
export const EMERGENCY_QUICK_AMBULANCE = `${PATHS.emergencyQuick}?service=ambulance`;

/** The detail route of one notice. */
export function noticePath(id: string): string {
  return `${PATHS.notices}/${encodeURIComponent(id)}`;
}

/** The form that changes a published notice. */
export function editNoticePath(id: string): string {
  return `${noticePath(id)}/edit`;
}

/** The Alerts screen with one alert picked out, as the notifications dropdown opens it. */
export function alertPath(id: string): string {
  return `${PATHS.alerts}?alert=${encodeURIComponent(id)}`;
}

/** One alert's own page: its assignee, timeline and comments. */
export function alertDetailPath(id: string): string {
  return `${PATHS.alerts}/${encodeURIComponent(id)}`;
}

/** One flood group's own page: its facts, actions and members. */
export function alertGroupPath(id: string): string {
  return `${PATHS.alerts}/groups/${encodeURIComponent(id)}`;
}

/** The quick booking screen for a service and urgency. */
export function quickBookingPath(service: string, urgency: string): string {
  return `${PATHS.emergencyQuick}?${new URLSearchParams({ service, urgency }).toString()}`;
}

/** The page a booking's payment returns to: success, or cancel when nothing was charged. */
export function bookingResultPath(variant: 'success' | 'cancel', bookingId: string): string {
  const base = variant === 'success' ? PATHS.emergencySuccess : PATHS.emergencyCancel;
  return `${base}?booking=${encodeURIComponent(bookingId)}`;
}

/** A tab of the emergency screen: Book Service or My Bookings. */
export function emergencyTabPath(tab: 'book' | 'mine'): string {
  return `${PATHS.emergency}?tab=${tab}`;
}

/** One report's public page: its status, photos and timeline. */
export function reportPath(id: string): string {
  return `${PATHS.reports}/${encodeURIComponent(id)}`;
}
