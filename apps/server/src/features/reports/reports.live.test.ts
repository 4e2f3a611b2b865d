import { MAX_LIVE_REPORT_IDS } from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { reportsLiveRoutes } from './reports.live';

const [route] = reportsLiveRoutes;
const batch = () => {
  if (route?.event !== 'report:updated' || !route.coalesce) throw new Error('no coalesced route');
  return route.coalesce.batch();
};

describe('the reports’ live route', () => {
  it('goes to the followers of the report’s city', () => {
    expect(route!.audience({ city: 'kharagpur', ids: ['1'], more: false } as never)).toEqual({
      city: 'kharagpur',
    });
  });

  it('gathers the reports changed within a second into one message, each once', () => {
    const gathered = batch();
    expect(gathered.take()).toBeNull();
    gathered.add({ city: 'kolkata', ids: ['7'], more: false });
    gathered.add({ city: 'kolkata', ids: ['8'], more: false });
    gathered.add({ city: 'kolkata', ids: ['7'], more: false });
    expect(gathered.take()).toEqual({ city: 'kolkata', ids: ['7', '8'], more: false });
  });

  it('lists at most a hundred and says when more changed', () => {
    const gathered = batch();
    for (let i = 0; i <= MAX_LIVE_REPORT_IDS; i++) {
      gathered.add({ city: 'kolkata', ids: [String(i)], more: false });
    }
    const message = gathered.take()!;
    expect(message.ids).toHaveLength(MAX_LIVE_REPORT_IDS);
    expect(message.more).toBe(true);
  });
});
