import { describe, expect, it } from 'vitest';
import { actorName } from './actor-name';
import { DEFAULT_FILTERS, filtersFromParams, paramsWithFilters } from './alert-filters';

describe('alert filters in the address', () => {
  it('reads the default view from a plain address and ignores unknown values', () => {
    expect(filtersFromParams(new URLSearchParams(''))).toEqual(DEFAULT_FILTERS);
    expect(
      filtersFromParams(new URLSearchParams('status=closed&severity=urgent&q=%20&assignee=them')),
    ).toEqual(DEFAULT_FILTERS);
  });

  it('writes only what differs from the default, keeping the focused alert', () => {
    const params = paramsWithFilters(new URLSearchParams('alert=a1&status=open'), {
      status: 'active',
      severity: 'critical',
      q: ' bridge ',
      assignee: 'me',
    });
    expect(params.toString()).toBe('alert=a1&severity=critical&q=bridge&assignee=me');
    expect(filtersFromParams(params)).toEqual({
      status: 'active',
      severity: 'critical',
      q: 'bridge',
      assignee: 'me',
    });
  });
});

describe('actorName', () => {
  it('splits the recorded actor into a name and an e-mail', () => {
    expect(actorName('System Operator <operator@smartcity.local>')).toEqual({
      name: 'System Operator',
      email: 'operator@smartcity.local',
      system: false,
    });
    expect(actorName('asha@example.org')).toEqual({
      name: 'asha@example.org',
      email: 'asha@example.org',
      system: false,
    });
    expect(actorName('system')).toMatchObject({ system: true });
  });
});
