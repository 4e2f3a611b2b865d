import { MAX_LIVE_REPORT_IDS, type ReportUpdatedEvent } from '@smart-city/shared';
import type { LiveBatch, LiveRoute } from '../../live/live-route';

/** The reports of a city changed since the last message, up to MAX_LIVE_REPORT_IDS of them. */
function changedReports(): LiveBatch<ReportUpdatedEvent> {
  let city: ReportUpdatedEvent['city'] | null = null;
  const ids = new Set<string>();
  let more = false;
  return {
    add(event) {
      city = event.city;
      more ||= event.more;
      for (const id of event.ids) {
        if (ids.size < MAX_LIVE_REPORT_IDS) ids.add(id);
        else if (!ids.has(id)) more = true;
      }
    },
    take: () => (city === null ? null : { city, ids: [...ids], more }),
  };
}

/**
 * A city's followers hear that its reports changed, at most once a second however many change (a
 * morning's triage moves dozens a minute): their lists, maps and open reports are read again.
 */
export const reportsLiveRoutes: LiveRoute[] = [
  {
    event: 'report:updated',
    audience: ({ city }) => ({ city }),
    coalesce: { intervalMs: 1_000, batch: changedReports },
  },
];
