import { LIVE_EVENT_NAMES } from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { LIVE_ROUTES } from './live-routes';

describe('the live routes', () => {
  it('forward every event of the contract, each once', () => {
    expect(LIVE_ROUTES.map((r) => r.event).sort()).toEqual([...LIVE_EVENT_NAMES].sort());
  });
});
