import {
  canDiscussAlerts,
  canHandleAlerts,
  OPERATIONAL_ALERT_RULES,
  ROLES,
} from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import type { LiveAudience, LiveRoute } from '../../live/live-route';

const THREAD_ROLES = ROLES.filter((role) => canDiscussAlerts(role));
const STAFF_ROLES = ROLES.filter((role) => canHandleAlerts(role));

/**
 * The followers of the alert's city; for an alert only operators act on (a sensor gone silent),
 * only the staff among them, as residents' lists leave it out too.
 */
function alertAudience(alert: Alert): LiveAudience {
  return OPERATIONAL_ALERT_RULES.includes(alert.rule)
    ? { city: alert.city, roles: STAFF_ROLES }
    : { city: alert.city };
}

/** Alerts go at once to the followers of their city: an operator must not wait to see one. */
export const alertsLiveRoutes: LiveRoute[] = [
  { event: 'alert:created', audience: alertAudience },
  { event: 'alert:updated', audience: alertAudience },
  { event: 'alert:deleted', audience: ({ city }) => ({ city }) },
  // A flood group goes to whoever would see its alerts.
  {
    event: 'alertGroup:updated',
    audience: (group) =>
      OPERATIONAL_ALERT_RULES.includes(group.rule)
        ? { city: group.city, roles: STAFF_ROLES }
        : { city: group.city },
  },
  // The thread is operations' working notes: the operators and admins of the city, never citizens.
  { event: 'comment:created', audience: ({ city }) => ({ city, roles: THREAD_ROLES }) },
];
