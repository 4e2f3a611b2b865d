import type { LiveRoute } from '../../live/live-route';

/** A sensor's status or metadata change goes at once to its city's followers. */
export const sensorsLiveRoutes: LiveRoute[] = [
  { event: 'sensor:updated', audience: ({ city }) => ({ city }) },
];
