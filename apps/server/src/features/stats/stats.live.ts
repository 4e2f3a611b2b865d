import type { LiveRoute } from '../../live/live-route';

/** A city's new counts go at once to its followers; they change only when a sensor or alert does. */
export const statsLiveRoutes: LiveRoute[] = [
  { event: 'stats', audience: ({ city }) => ({ city }) },
];
