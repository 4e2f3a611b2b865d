import { describe, expect, it } from 'vitest';
import {
  appendNarrowing,
  isNarrowed,
  narrowingFromParams,
  narrowingKey,
  paramsWithoutNarrowing,
} from './alert-narrowing';

const FROM = '2026-03-01T12:00:00.000Z';
const TO = '2026-03-02T12:00:00.000Z';

describe('the narrowing filters of the Alerts screen', () => {
  it('reads the filters a link sets, and leaves out what the server would refuse', () => {
    const params = new URLSearchParams({
      status: 'announced',
      from: FROM,
      to: 'yesterday',
      chattering: 'true',
      grouped: 'maybe',
      sensorId: 'kolkata-traffic-howrah-bridge',
      rule: 'threshold',
    });
    const narrowing = narrowingFromParams(params);
    expect(narrowing).toEqual({
      from: FROM,
      chattering: 'true',
      sensorId: 'kolkata-traffic-howrah-bridge',
      rule: 'threshold',
    });
    expect(isNarrowed(narrowing)).toBe(true);
    expect(isNarrowed(narrowingFromParams(new URLSearchParams('status=active')))).toBe(false);
  });

  it('passes them on to a request and clears them from an address, keeping the rest', () => {
    const narrowing = narrowingFromParams(
      new URLSearchParams({ from: FROM, to: TO, raisedBefore: FROM, grouped: 'false' }),
    );
    const request = new URLSearchParams({ city: 'kolkata' });
    appendNarrowing(request, narrowing);
    expect(Object.fromEntries(request)).toEqual({
      city: 'kolkata',
      from: FROM,
      to: TO,
      raisedBefore: FROM,
      grouped: 'false',
    });
    const cleared = paramsWithoutNarrowing(
      new URLSearchParams({ status: 'shelved', ...narrowing }),
    );
    expect(cleared.toString()).toBe('status=shelved');
    expect(narrowingKey(narrowing)).not.toBe(narrowingKey({}));
  });
});
