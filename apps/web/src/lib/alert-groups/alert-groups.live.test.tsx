import { DEFAULT_NOTIFICATION_PREFERENCES } from '@smart-city/shared';
import type { Alert, AlertGroup, LiveEventName, LiveEventPayload } from '@smart-city/shared';
import { act, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import { testAlert, testAlertGroup } from '../../test/live-fixtures';
import { createTestQueryClient, renderWithProviders, signedIn } from '../../test/render';
import { ACCOUNT_PREFERENCES_QUERY_KEY } from '../auth/account-query-key';
import { recentAlertsLive } from '../alerts/recent-alerts.live';
import { recentAlertsQueryKey } from '../alerts/recent-alerts-query';
import { citiesQueryKey } from '../city/cities-query';
import type { LiveContext } from '../live/live-module';
import { alertGroupsLive } from './alert-groups.live';
import { cityAlertGroupsQueryKey } from './alert-groups-query';

afterEach(() => {
  act(() => toast.remove());
});

/** The toast outlet over a cache that holds the cities, the city's alerts and its groups. */
function setUp(groups: AlertGroup[] = []) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(citiesQueryKey, CITIES);
  queryClient.setQueryData<Alert[]>(recentAlertsQueryKey('kolkata'), []);
  queryClient.setQueryData<AlertGroup[]>(cityAlertGroupsQueryKey('kolkata'), groups);
  renderWithProviders(<p>Dashboard</p>, { auth: signedIn({ role: 'operator' }), queryClient });
  const context: LiveContext = { queryClient, city: 'kolkata' };
  const send = <K extends LiveEventName>(name: K, payload: LiveEventPayload<K>) => {
    for (const module of [recentAlertsLive, alertGroupsLive]) {
      act(() => module.handlers[name]?.(payload, context));
    }
  };
  return { queryClient, send };
}

const toasts = () => screen.queryAllByRole('status').map((element) => element.textContent);

describe('a flood on the live connection', () => {
  it('toasts once for the group, linking to it, and not for each of its alerts', async () => {
    const { queryClient, send } = setUp();
    for (let index = 1; index <= 3; index += 1) {
      send('alert:created', testAlert({ id: `m${index}`, groupId: 'group-1' }));
    }
    const group = testAlertGroup({ members: 21, activeMembers: 21 });
    send('alertGroup:updated', group);
    const link = await screen.findByRole('link', {
      name: 'Alarm flood in Kolkata: 21 air quality sensors over their limits',
    });
    expect(link).toHaveAttribute('href', '/alerts/groups/group-1');
    // More alerts join it: the group is known now, so nothing more toasts.
    send('alert:created', testAlert({ id: 'm4', groupId: 'group-1' }));
    send('alertGroup:updated', {
      ...group,
      members: 22,
      activeMembers: 22,
      updatedAt: '2026-11-21T10:04:00.000Z',
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(toasts().filter((text) => text?.includes('Alarm flood'))).toHaveLength(1);
    expect(screen.queryByText(/Critical Alert/)).not.toBeInTheDocument();
    expect(queryClient.getQueryData<AlertGroup[]>(cityAlertGroupsQueryKey('kolkata'))).toEqual([
      expect.objectContaining({ id: 'group-1', members: 22 }),
    ]);
  });

  it('still toasts an alert of no group', async () => {
    const { send } = setUp();
    send('alert:created', testAlert({ id: 'alone', title: 'Congestion at Howrah Bridge' }));
    expect(await screen.findByText(/^Critical Alert:/)).toBeInTheDocument();
  });

  it('does not toast a group already listed, one acknowledged, or one of another city', async () => {
    const listed = testAlertGroup({ id: 'listed' });
    const { send } = setUp([listed]);
    send('alertGroup:updated', { ...listed, members: 500, updatedAt: '2026-11-21T10:04:00.000Z' });
    send('alertGroup:updated', testAlertGroup({ id: 'handled', status: 'acknowledged' }));
    send('alertGroup:updated', testAlertGroup({ id: 'elsewhere', city: 'kharagpur' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(/Alarm flood/)).not.toBeInTheDocument();
  });

  it("keeps to the person's switches: no toast for a group of a severity they turned off", async () => {
    const { queryClient, send } = setUp();
    queryClient.setQueryData(ACCOUNT_PREFERENCES_QUERY_KEY, {
      notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES, criticalAlerts: false },
    });
    send('alertGroup:updated', testAlertGroup({ id: 'quiet' }));
    send('alertGroup:updated', testAlertGroup({ id: 'loud', severity: 'high', members: 30 }));
    expect(
      await screen.findByText('Alarm flood in Kolkata: 30 air quality sensors over their limits'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/412/)).not.toBeInTheDocument();
  });

  it("reloads the city's alert lists and counts, which the members' changes do not reach", async () => {
    const { queryClient, send } = setUp();
    const listKey = ['alerts', 'list', { city: 'kolkata', status: 'active' }];
    const otherCity = ['alerts', 'list', { city: 'kharagpur', status: 'active' }];
    queryClient.setQueryData(listKey, []);
    queryClient.setQueryData(otherCity, []);
    send('alertGroup:updated', testAlertGroup({ status: 'resolved' }));
    await waitFor(() => expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(recentAlertsQueryKey('kolkata'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(otherCity)?.isInvalidated).toBe(false);
  });
});
