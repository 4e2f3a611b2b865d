import type { LiveRoute } from '../../live/live-route';

/**
 * A notice goes to every connection, whatever city it follows: notices concern everyone, and every
 * connection belongs to a signed-in person.
 */
export const noticesLiveRoutes: LiveRoute[] = [
  { event: 'notice:created', audience: () => 'everyone' },
];
