import type { LiveRoute } from '../../live/live-route';

/** A city's new figures go at once to its followers; the service already spaces them out. */
export const analyticsLiveRoutes: LiveRoute[] = [
  { event: 'analytics:updated', audience: ({ city }) => ({ city }) },
];
