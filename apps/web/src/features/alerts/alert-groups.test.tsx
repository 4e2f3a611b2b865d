import type { Alert, AlertGroup, LiveEventName, LiveEventPayload } from '@smart-city/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { alertGroupsLive } from '../../lib/alert-groups/alert-groups.live';
import type { AuthContextValue } from '../../lib/auth/auth-types';
import type { LiveContext } from '../../lib/live/live-module';
import { CITIES } from '../../test/city-fixtures';
import { minutesAgo } from '../../test/clock';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { testAlert, testAlertGroup } from '../../test/live-fixtures';
import { createTestQueryClient, signedIn, TestProviders } from '../../test/render';
import { AlertGroupPage } from './alert-group-page';
import { AlertsPage } from './alerts-page';

const operator = signedIn({ role: 'operator', firstName: 'System', lastName: 'Operator' });
const citizen = signedIn({ role: 'citizen' });
const WHO = 'System Operator <operator@smartcity.local>';

/** `count` air-quality alerts of the group, the worst first as the server pages them. */
function members(count: number, groupId = 'group-1'): Alert[] {
  return Array.from({ length: count }, (_, index) =>
    testAlert({
      id: `m${String(index + 1).padStart(3, '0')}`,
      title: `Poor air quality at Stop ${index + 1}`,
      message: 'AQI 320 (critical ≥ 300)',
      rule: 'threshold',
      sensorId: `kolkata-air-quality-${index + 1}`,
      location: `Stop ${index + 1}`,
      groupId,
      createdAt: minutesAgo(10 - (index % 10)),
    }),
  );
}

/**
 * The alert groups API over one group and its members, as the server answers: the city's active
 * groups, the group's members a page at a time with a cursor, and acknowledge and resolve that
 * move the group and every member (409 from a status that does not allow it).
 */
function fakeGroupsServer(
  options: {
    group?: AlertGroup;
    members?: Alert[];
    failGroups?: () => boolean;
    failDetail?: () => boolean;
  } = {},
) {
  let group = options.group ?? testAlertGroup({ members: 120, activeMembers: 120 });
  const alerts = options.members ?? members(120);
  const posts: { path: string; body: unknown }[] = [];
  const pageRequests: URL[] = [];
  const fetchSpy = stubFetch(async (path, init) => {
    const url = new URL(path, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/cities') return jsonResponse(CITIES);
    if (url.pathname === '/api/alert-groups') {
      if (options.failGroups?.()) {
        return jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500);
      }
      const city = url.searchParams.get('city');
      const active = group.status !== 'resolved';
      return jsonResponse(group.city === city && active ? [group] : []);
    }
    const one = /^\/api\/alert-groups\/([^/]+)$/.exec(url.pathname);
    if (one) {
      if (options.failDetail?.()) {
        return jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500);
      }
      if (one[1] !== group.id) {
        return jsonResponse({ error: { code: 'not_found', message: 'No such group' } }, 404);
      }
      pageRequests.push(url);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const items = alerts.slice(from, from + limit);
      const next = from + limit < alerts.length ? String(from + limit) : null;
      return jsonResponse({ group, items, nextCursor: next });
    }
    const action = /^\/api\/alert-groups\/([^/]+)\/(acknowledge|resolve)$/.exec(url.pathname);
    if (action && method === 'POST') {
      const body = jsonBodyOf(init);
      posts.push({ path: url.pathname, body });
      const from = action[2] === 'acknowledge' ? ['open'] : ['open', 'acknowledged'];
      if (!from.includes(group.status)) {
        return jsonResponse(
          { error: { code: 'conflict', message: `This group is ${group.status} already.` } },
          409,
        );
      }
      const now = new Date().toISOString();
      const note = (body as { note?: string } | undefined)?.note ?? null;
      group =
        action[2] === 'acknowledge'
          ? { ...group, status: 'acknowledged', acknowledgedAt: now, acknowledgedBy: WHO, note }
          : {
              ...group,
              status: 'resolved',
              activeMembers: 0,
              resolvedAt: now,
              resolvedBy: WHO,
              note,
            };
      for (const [index, alert] of alerts.entries()) {
        alerts[index] = {
          ...alert,
          status: group.status === 'resolved' ? 'resolved' : 'acknowledged',
          updatedAt: now,
        };
      }
      return jsonResponse(group);
    }
    if (url.pathname === '/api/alerts/counts') {
      return jsonResponse({
        bySeverity: { critical: 1, high: 0, warning: 0, info: 0 },
        byStatus: { open: 1, acknowledged: 0, resolved: 0, dismissed: 0 },
        shelved: 0,
      });
    }
    if (url.pathname === '/api/alerts') return jsonResponse(alerts.slice(0, 1));
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return {
    posts,
    pageRequests,
    fetchSpy,
    get group() {
      return group;
    },
    /** The server changed the group (another operator, the rules). */
    change(next: Partial<AlertGroup>) {
      group = { ...group, ...next };
      return group;
    },
  };
}

function open(path: string, { auth = operator }: { auth?: AuthContextValue } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/alerts', element: <AlertsPage /> },
      { path: '/alerts/groups/:id', element: <AlertGroupPage /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createTestQueryClient();
  const rendered = render(
    <TestProviders auth={auth} connection="connected" queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const context: LiveContext = { queryClient, city: 'kolkata' };
  return {
    ...rendered,
    router,
    queryClient,
    sendLive: <K extends LiveEventName>(name: K, payload: LiveEventPayload<K>) =>
      alertGroupsLive.handlers[name]?.(payload, context),
  };
}

describe('incidents on the Alerts screen', () => {
  it("shows the city's active groups above the alerts, in words, with their figures", async () => {
    fakeGroupsServer({ group: testAlertGroup() });
    open('/alerts');
    const card = within(await screen.findByTestId('alert-group-card'));
    expect(screen.getByRole('heading', { level: 2, name: 'Incidents' })).toBeVisible();
    expect(
      card.getByRole('link', { name: '412 air quality sensors over their limits' }),
    ).toHaveAttribute('href', '/alerts/groups/group-1');
    expect(card.getByTestId('alert-severity')).toHaveTextContent('Critical');
    expect(card.getByTestId('alert-status')).toHaveTextContent('Open');
    expect(card.getByTestId('alert-group-members')).toHaveTextContent(
      '398 of 412 alerts still active',
    );
    expect(card.getByText('10 minutes ago')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Acknowledge all' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Resolve all' })).toBeInTheDocument();
  });

  it('words silent sensors as such, and gives residents no actions', async () => {
    fakeGroupsServer({
      group: testAlertGroup({ sensorType: 'waste', rule: 'offline', members: 1000 }),
    });
    open('/alerts', { auth: citizen });
    const card = within(await screen.findByTestId('alert-group-card'));
    expect(card.getByText('1,000 waste sensors silent')).toBeInTheDocument();
    expect(card.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing of incidents while the city has none', async () => {
    const server = fakeGroupsServer();
    server.change({ status: 'resolved' });
    open('/alerts');
    await screen.findAllByTestId('alert-card');
    expect(screen.queryByTestId('alert-groups')).not.toBeInTheDocument();
  });

  it('says when the incidents cannot be loaded, and tries again', async () => {
    let failing = true;
    fakeGroupsServer({ group: testAlertGroup(), failGroups: () => failing });
    open('/alerts');
    const failed = await screen.findByTestId('alert-groups-failed');
    expect(failed).toHaveTextContent('The incidents could not be loaded.');
    failing = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('alert-group-card')).toBeInTheDocument();
  });

  it('acknowledges a group with a note, and shows it acknowledged', async () => {
    const server = fakeGroupsServer({ group: testAlertGroup() });
    open('/alerts');
    const card = within(await screen.findByTestId('alert-group-card'));
    await userEvent.click(card.getByRole('button', { name: 'Acknowledge all' }));
    const note = card.getByRole('textbox', { name: 'Note (optional)' });
    expect(note).toHaveFocus();
    await userEvent.type(note, 'Stubble burning upwind');
    await userEvent.click(card.getByTestId('alert-group-action-submit'));

    expect(await screen.findByText('Incident acknowledged')).toBeInTheDocument();
    expect(server.posts).toEqual([
      { path: '/api/alert-groups/group-1/acknowledge', body: { note: 'Stubble burning upwind' } },
    ]);
    await waitFor(() => expect(card.getByTestId('alert-status')).toHaveTextContent('Acknowledged'));
    expect(card.queryByRole('button', { name: 'Acknowledge all' })).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Resolve all' })).toBeInTheDocument();
    expect(card.getByText(/Acknowledged by System Operator/)).toBeInTheDocument();
    expect(card.getByText('Stubble burning upwind')).toBeInTheDocument();
  });

  it("shows the server's message when the group moved first (409)", async () => {
    const server = fakeGroupsServer({ group: testAlertGroup() });
    open('/alerts');
    const card = within(await screen.findByTestId('alert-group-card'));
    // Another operator resolved it meanwhile.
    server.change({ status: 'resolved' });
    await userEvent.click(card.getByRole('button', { name: 'Acknowledge all' }));
    await userEvent.click(card.getByTestId('alert-group-action-submit'));
    expect((await screen.findAllByText('This group is resolved already.')).length).toBeGreaterThan(
      0,
    );
    // The list loads again and the resolved group leaves it.
    await waitFor(() => expect(screen.queryByTestId('alert-group-card')).not.toBeInTheDocument());
  });

  it('marks an alert of a group with a link to its incident', async () => {
    fakeGroupsServer({ group: testAlertGroup() });
    open('/alerts');
    const alert = within(await screen.findByTestId('alert-card'));
    expect(alert.getByRole('link', { name: 'In incident' })).toHaveAttribute(
      'href',
      '/alerts/groups/group-1',
    );
  });

  it('takes a new group from the live event, and drops it once resolved', async () => {
    const server = fakeGroupsServer();
    server.change({ status: 'resolved' });
    const { sendLive } = open('/alerts');
    await screen.findAllByTestId('alert-card');
    const made = server.change({ status: 'open', members: 21, activeMembers: 21 });
    act(() => sendLive('alertGroup:updated', made));
    expect(
      await screen.findByRole('link', { name: '21 air quality sensors over their limits' }),
    ).toBeInTheDocument();
    act(() =>
      sendLive('alertGroup:updated', {
        ...made,
        status: 'resolved',
        updatedAt: new Date(Date.now() + 1000).toISOString(),
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('alert-group-card')).not.toBeInTheDocument());
  });
});

describe('the incident page', () => {
  it("shows the group's facts and its alerts a page at a time", async () => {
    const server = fakeGroupsServer();
    open('/alerts/groups/group-1');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '120 air quality sensors over their limits',
      }),
    ).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('alert-group-member')).toHaveLength(50));
    expect(screen.getByTestId('alert-group-showing')).toHaveTextContent('Showing 50 of 120 alerts');
    expect(
      within(screen.getAllByTestId('alert-group-member')[0]!).getByRole('link', {
        name: 'Poor air quality at Stop 1',
      }),
    ).toHaveAttribute('href', '/alerts/m001');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('alert-group-member')).toHaveLength(100));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('alert-group-member')).toHaveLength(120));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(server.pageRequests.map((url) => url.searchParams.get('cursor'))).toEqual([
      null,
      '50',
      '100',
    ]);
    expect(server.pageRequests.every((url) => url.searchParams.get('limit') === '50')).toBe(true);
  });

  it('resolves the whole group from its page, and its alerts load again', async () => {
    const server = fakeGroupsServer();
    open('/alerts/groups/group-1');
    await waitFor(() => expect(screen.getAllByTestId('alert-group-member')).toHaveLength(50));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve all' }));
    await userEvent.click(screen.getByTestId('alert-group-action-submit'));
    expect(await screen.findByText('Incident resolved')).toBeInTheDocument();
    expect(server.posts).toEqual([{ path: '/api/alert-groups/group-1/resolve', body: {} }]);
    const facts = within(screen.getByTestId('alert-group-card'));
    await waitFor(() => expect(facts.getByTestId('alert-status')).toHaveTextContent('Resolved'));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('alert-group-member')[0]!).getByTestId('alert-status'),
      ).toHaveTextContent('Resolved'),
    );
    expect(facts.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when there is no such group', async () => {
    fakeGroupsServer();
    open('/alerts/groups/nope');
    expect(await screen.findByTestId('alert-group-missing')).toHaveTextContent(
      'This incident does not exist, or is not shown to you.',
    );
    expect(screen.getByRole('link', { name: 'All alerts' })).toHaveAttribute('href', '/alerts');
  });

  it('says when a group has no alerts', async () => {
    fakeGroupsServer({ members: [] });
    open('/alerts/groups/group-1');
    expect(await screen.findByTestId('alert-group-empty')).toHaveTextContent(
      'No alerts in this incident yet.',
    );
  });

  it('says when the group cannot be loaded, and tries again', async () => {
    let failing = true;
    fakeGroupsServer({ failDetail: () => failing });
    open('/alerts/groups/group-1');
    expect(await screen.findByTestId('alert-group-failed')).toHaveTextContent(
      'The incident could not be loaded.',
    );
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('alert-group-member')).toHaveLength(50));
  });
});
