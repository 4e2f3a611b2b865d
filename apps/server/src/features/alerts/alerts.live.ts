import { canDiscussAlerts, ROLES } from '@smart-city/shared';
import type { LiveRoute } from '../../live/live-route';

const THREAD_ROLES = ROLES.filter((role) => canDiscussAlerts(role));

/** Alerts go at once to the followers of their city: an operator must not wait to see one. */
export const alertsLiveRoutes: LiveRoute[] = [
  { event: 'alert:created', audience: ({ city }) => ({ city }) },
  { event: 'alert:updated', audience: ({ city }) => ({ city }) },
  { event: 'alert:deleted', audience: ({ city }) => ({ city }) },
  // The thread is operations' working notes: the operators and admins of the city, never citizens.
  { event: 'comment:created', audience: ({ city }) => ({ city, roles: THREAD_ROLES }) },
];
