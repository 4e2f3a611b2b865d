import { ALARM_KPI_ENDPOINTS } from './alarm-kpis';
import { ALERT_COMMENT_ENDPOINTS } from './alert-comments';
import { ALERT_ENDPOINTS, ALERT_GROUP_ENDPOINTS } from './alert-endpoints';
import { ANALYTICS_ENDPOINTS } from './analytics';
import { BILLING_ENDPOINTS } from './billing';
import { CITY_ENDPOINTS } from './cities';
import { CLIENT_CONFIG_ENDPOINTS } from './client-config';
import { CITY_TWIN_ENDPOINTS } from './city-twin';
import { DEVICE_KEY_ENDPOINTS } from './device-keys';
import { EMERGENCY_ENDPOINTS } from './emergency-endpoints';
import type { Endpoint } from './endpoints';
import { HEALTH_ENDPOINTS } from './health';
import { HOME_ENDPOINTS } from './home';
import { LEDGER_ENDPOINTS } from './ledger';
import { MAINTENANCE_WINDOW_ENDPOINTS } from './maintenance-windows';
import { NOTICE_ENDPOINTS } from './notices';
import { CONTRACT_ENDPOINTS } from './contracts';
import { ESCALATION_ENDPOINTS } from './escalation';
import { NOTIFICATION_ENDPOINTS } from './notifications';
import { OPEN_DATA_ENDPOINTS } from './open-data';
import { PROFILE_ENDPOINTS } from './profile-endpoints';
import { READING_ENDPOINTS } from './readings';
import { REPORT_ANALYTICS_ENDPOINTS } from './report-analytics';
import { REPORT_ENDPOINTS } from './reports';
import { SENSOR_ENDPOINTS } from './sensor-endpoints';
import { STAFF_ENDPOINTS } from './staff';
import { STATS_ENDPOINTS } from './stats';

/**
 * Every declared endpoint by feature, for the checks that walk them all (the contract's tests,
 * the server's document). Callers import the one they call, so a screen downloads only its own.
 */
export const DECLARED_ENDPOINTS: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = {
  alarmKpis: ALARM_KPI_ENDPOINTS,
  alertComments: ALERT_COMMENT_ENDPOINTS,
  alertGroups: ALERT_GROUP_ENDPOINTS,
  alerts: ALERT_ENDPOINTS,
  analytics: ANALYTICS_ENDPOINTS,
  billing: BILLING_ENDPOINTS,
  cities: CITY_ENDPOINTS,
  clientConfig: CLIENT_CONFIG_ENDPOINTS,
  cityTwin: CITY_TWIN_ENDPOINTS,
  contracts: CONTRACT_ENDPOINTS,
  deviceKeys: DEVICE_KEY_ENDPOINTS,
  emergency: EMERGENCY_ENDPOINTS,
  escalation: ESCALATION_ENDPOINTS,
  health: HEALTH_ENDPOINTS,
  home: HOME_ENDPOINTS,
  ledger: LEDGER_ENDPOINTS,
  maintenanceWindows: MAINTENANCE_WINDOW_ENDPOINTS,
  notices: NOTICE_ENDPOINTS,
  notifications: NOTIFICATION_ENDPOINTS,
  openData: OPEN_DATA_ENDPOINTS,
  profile: PROFILE_ENDPOINTS,
  readings: READING_ENDPOINTS,
  reportAnalytics: REPORT_ANALYTICS_ENDPOINTS,
  reports: REPORT_ENDPOINTS,
  sensors: SENSOR_ENDPOINTS,
  staff: STAFF_ENDPOINTS,
  stats: STATS_ENDPOINTS,
};

/** Every declared endpoint, each with its name (`notices.get`). */
export function declaredEndpoints(): { id: string; endpoint: Endpoint }[] {
  return Object.entries(DECLARED_ENDPOINTS).flatMap(([feature, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => ({ id: `${feature}.${name}`, endpoint })),
  );
}
