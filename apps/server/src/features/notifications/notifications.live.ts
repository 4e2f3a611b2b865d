import type { LiveRoute } from '../../live/live-route';

/** A notification and its reading go to every open page of its person, whatever city it follows. */
export const notificationsLiveRoutes: LiveRoute[] = [
  { event: 'notification:created', audience: ({ recipientId }) => ({ user: recipientId }) },
  { event: 'notification:read', audience: ({ recipientId }) => ({ user: recipientId }) },
];
