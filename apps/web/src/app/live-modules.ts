import { alertGroupsLive } from '../lib/alert-groups/alert-groups.live';
import { recentAlertsLive } from '../lib/alerts/recent-alerts.live';
import type { LiveModule } from '../lib/live/live-module';
import { noticesLive } from '../lib/notices/notices.live';
import { notificationsLive } from '../lib/notifications/notifications.live';
import { sensorsLive } from '../lib/sensors/sensors.live';
import { statsLive } from '../lib/stats/stats.live';

/**
 * The live modules of the data several screens show (the header, the sidebar and the dashboard
 * among them): they follow the connection from the first signed-in screen on. A feature with live
 * events that only its own screens show exports it from its screens'
 * modules instead (see screen-live-modules.ts).
 */
export const LIVE_MODULES: readonly LiveModule[] = [
  sensorsLive,
  statsLive,
  recentAlertsLive,
  alertGroupsLive,
  noticesLive,
  notificationsLive,
];
