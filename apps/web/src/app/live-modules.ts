import { recentAlertsLive } from '../lib/alerts/recent-alerts.live';
import type { LiveModule } from '../lib/live/live-module';
import { noticesLive } from '../lib/notices/notices.live';
import { notificationsLive } from '../lib/notifications/notifications.live';
import { sensorsLive } from '../lib/sensors/sensors.live';
import { statsLive } from '../lib/stats/stats.live';
import { alertsScreenLive } from '../features/alerts/alerts.live';
import { blockchainLive } from '../features/blockchain/blockchain.live';
import { cityTwinLive } from '../features/city-twin/city-twin.live';
import { dashboardLive } from '../features/dashboard/dashboard.live';
import { homeLive } from '../features/dashboard/home.live';
import { emergencyLive } from '../features/emergency/emergency.live';
import { servicesLive } from '../features/services/services.live';
import { wallLive } from '../features/dashboard/wall.live';

/**
 * Every part of the app that follows the live connection. A feature with live events adds its
 * module here; the socket provider hands each checked message to every module that handles it.
 */
export const LIVE_MODULES: readonly LiveModule[] = [
  sensorsLive,
  statsLive,
  recentAlertsLive,
  alertsScreenLive,
  noticesLive,
  notificationsLive,
  blockchainLive,
  cityTwinLive,
  dashboardLive,
  homeLive,
  emergencyLive,
  servicesLive,
  wallLive,
];
