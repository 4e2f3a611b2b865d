import { alertsLiveRoutes } from './features/alerts/alerts.live';
import { analyticsLiveRoutes } from './features/analytics/analytics.live';
import { ledgerLiveRoutes } from './features/ledger/ledger.live';
import { emergencyLiveRoutes } from './features/emergency/emergency.live';
import { noticesLiveRoutes } from './features/notices/notices.live';
import { notificationsLiveRoutes } from './features/notifications/notifications.live';
import { readingsLiveRoutes } from './features/readings/readings.live';
import { reportsLiveRoutes } from './features/reports/reports.live';
import { sensorsLiveRoutes } from './features/sensors/sensors.live';
import { statsLiveRoutes } from './features/stats/stats.live';
import type { LiveRoute } from './live/live-route';

/** Every feature's live events, as the gateway forwards them from the bus to the connections. */
export const LIVE_ROUTES: readonly LiveRoute[] = [
  ...readingsLiveRoutes,
  ...sensorsLiveRoutes,
  ...alertsLiveRoutes,
  ...statsLiveRoutes,
  ...analyticsLiveRoutes,
  ...noticesLiveRoutes,
  ...ledgerLiveRoutes,
  ...emergencyLiveRoutes,
  ...notificationsLiveRoutes,
  ...reportsLiveRoutes,
];
