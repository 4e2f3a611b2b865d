import type { LiveRoute } from '../../live/live-route';

/** Alerts go at once to the followers of their city: an operator must not wait to see one. */
export const alertsLiveRoutes: LiveRoute[] = [
  { event: 'alert:created', audience: ({ city }) => ({ city }) },
  { event: 'alert:updated', audience: ({ city }) => ({ city }) },
  { event: 'alert:deleted', audience: ({ city }) => ({ city }) },
];
