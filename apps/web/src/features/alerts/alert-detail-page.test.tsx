import type {
  Alert,
  AlertComment,
  AlertHistoryEntry,
  LiveEventName,
  LiveEventPayload,
  StaffMember,
} from '@smart-city/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '../../lib/auth/auth-types';
import type { LiveContext } from '../../lib/live/live-module';
import { CITIES } from '../../test/city-fixtures';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { testAlert } from '../../test/live-fixtures';
import { createTestQueryClient, signedIn, TestProviders } from '../../test/render';
import { AlertDetailPage } from './alert-detail-page';
import { alertsScreenLive } from './alerts.live';

const OPERATOR = {
  id: 'op-1',
  role: 'operator' as const,
  firstName: 'System',
  lastName: 'Operator',
};
const STAFF: StaffMember[] = [
  { id: 'admin-1', name: 'Admin User', username: 'admin', role: 'admin' },
  { id: 'op-2', name: 'Priya Das', username: 'priya.das', role: 'operator' },
  { id: 'op-1', name: 'System Operator', username: 'operator', role: 'operator' },
];

function comment(id: string, body: string, fields: Partial<AlertComment> = {}): AlertComment {
  return {
    id,
    alertId: 'a1',
    city: 'kolkata',
    author: { id: 'admin-1', name: 'Admin User', role: 'admin' },
    body,
    mentions: [],
    createdAt: '2026-11-21T10:05:00.000Z',
    ...fields,
  };
}

/** A server holding one critical alert of Kolkata, its history and its thread. */
function fakeServer(
  options: { missing?: boolean; failComments?: boolean; refuseShelve?: boolean } = {},
) {
  let alert: Alert = testAlert({ id: 'a1', title: 'Congestion at Howrah Bridge' });
  const history: AlertHistoryEntry[] = [
    {
      action: 'raised',
      fromStatus: null,
      toStatus: 'open',
      severity: 'critical',
      actor: 'system',
      note: 'Congestion 96 %',
      at: '2026-11-21T10:00:00.000Z',
      details: null,
    },
    {
      action: 'escalated',
      fromStatus: 'open',
      toStatus: 'open',
      severity: 'critical',
      actor: 'system',
      note: null,
      at: '2026-11-21T10:05:00.000Z',
      details: {
        kind: 'step',
        policyId: 'p1',
        position: 0,
        action: 'notify',
        audience: 'operators',
        occurrence: 0,
        recipients: 2,
      },
    },
  ];
  const comments: AlertComment[] = [comment('c1', 'Crew is on the way.')];
  const sent: { path: string; body: unknown }[] = [];
  stubFetch(async (path, init) => {
    const url = new URL(path, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = jsonBodyOf(init);
    if (url.pathname === '/api/cities') return jsonResponse(CITIES);
    if (url.pathname === '/api/staff') return jsonResponse({ items: STAFF });
    if (url.pathname === '/api/alerts/a1' && !options.missing) return jsonResponse(alert);
    if (url.pathname === '/api/alerts/a1/history') return jsonResponse(history);
    if (url.pathname === '/api/alerts/a1/comments' && method === 'GET') {
      if (options.failComments)
        return jsonResponse({ error: { code: 'internal', message: 'x' } }, 500);
      return jsonResponse({ items: comments, nextCursor: null });
    }
    if (url.pathname === '/api/alerts/a1/comments' && method === 'POST') {
      sent.push({ path: url.pathname, body });
      const created = comment(`c${comments.length + 1}`, (body as { body: string }).body, {
        author: { id: 'op-1', name: 'System Operator', role: 'operator' },
        mentions: (body as { body: string }).body.includes('@priya.das')
          ? [{ id: 'op-2', name: 'Priya Das' }]
          : [],
      });
      comments.push(created);
      return jsonResponse(created, 201);
    }
    if (url.pathname === '/api/alerts/a1/shelve' && method === 'POST') {
      sent.push({ path: url.pathname, body });
      if (options.refuseShelve) {
        return jsonResponse(
          {
            error: {
              code: 'conflict',
              message:
                'This alert is resolved and cannot be shelved; only open or acknowledged alerts can.',
            },
          },
          409,
        );
      }
      const { minutes, reason } = body as { minutes: number; reason: string };
      const until = new Date(Date.now() + minutes * 60_000).toISOString();
      alert = {
        ...alert,
        shelvedUntil: until,
        shelvedReason: reason,
        shelvedBy: 'System Operator <operator@smartcity.local>',
        updatedAt: new Date().toISOString(),
      };
      history.push({
        action: 'shelved',
        fromStatus: 'open',
        toStatus: 'open',
        severity: 'critical',
        actor: 'System Operator <operator@smartcity.local>',
        note: reason,
        at: new Date().toISOString(),
        details: { kind: 'shelve', minutes, until },
      });
      return jsonResponse(alert);
    }
    if (url.pathname === '/api/alerts/a1/unshelve' && method === 'POST') {
      sent.push({ path: url.pathname, body });
      alert = {
        ...alert,
        shelvedUntil: null,
        shelvedReason: null,
        shelvedBy: null,
        updatedAt: new Date().toISOString(),
      };
      history.push({
        action: 'unshelved',
        fromStatus: 'open',
        toStatus: 'open',
        severity: 'critical',
        actor: 'System Operator <operator@smartcity.local>',
        note: null,
        at: new Date().toISOString(),
        details: { kind: 'unshelve', cause: 'manual' },
      });
      return jsonResponse(alert);
    }
    if (url.pathname === '/api/alerts/a1/assign' && method === 'POST') {
      sent.push({ path: url.pathname, body });
      const id = (body as { assigneeId: string | null }).assigneeId;
      const person = STAFF.find((p) => p.id === id);
      alert = {
        ...alert,
        assignee: person ? { id: person.id, name: person.name } : null,
        assignedAt: person ? new Date().toISOString() : null,
        updatedAt: new Date().toISOString(),
      };
      history.push({
        action: 'assigned',
        fromStatus: 'open',
        toStatus: 'open',
        severity: 'critical',
        actor: 'System Operator <operator@smartcity.local>',
        note: null,
        at: new Date().toISOString(),
        details: {
          kind: 'assignment',
          assignee: person ? { id: person.id, name: person.name } : null,
          previous: null,
        },
      });
      return jsonResponse(alert);
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return { sent, comments };
}

function renderDetail(auth: AuthContextValue) {
  const router = createMemoryRouter([{ path: '/alerts/:id', element: <AlertDetailPage /> }], {
    initialEntries: ['/alerts/a1'],
  });
  const queryClient = createTestQueryClient();
  render(
    <TestProviders auth={auth} connection="connected" queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const context: LiveContext = { queryClient, city: 'kolkata' };
  return {
    sendLive: <K extends LiveEventName>(name: K, payload: LiveEventPayload<K>) =>
      alertsScreenLive.handlers[name]?.(payload, context),
  };
}

describe("an alert's page", () => {
  it('shows the alert, its escalation timeline, its assignee and its thread to an operator', async () => {
    fakeServer();
    renderDetail(signedIn(OPERATOR));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Congestion at Howrah Bridge' }),
    ).toBeVisible();
    const timeline = screen.getByTestId('alert-timeline');
    expect(
      await within(timeline).findByText(
        'Not acknowledged in time: the operators were notified (2)',
      ),
    ).toBeVisible();
    expect(screen.getByTestId('alert-assignee')).toHaveTextContent(
      'Nobody has taken this alert yet.',
    );
    const thread = screen.getByTestId('alert-comments');
    expect(await within(thread).findByText('Crew is on the way.')).toBeVisible();
  });

  it('lets an operator take the alert, and records it in the timeline', async () => {
    const { sent } = fakeServer();
    renderDetail(signedIn(OPERATOR));
    await userEvent.click(await screen.findByRole('button', { name: 'Take this alert' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ path: '/api/alerts/a1/assign', body: { assigneeId: 'op-1' } }),
    );
    expect(await screen.findByTestId('alert-assignee')).toHaveTextContent('You');
    expect(screen.getByRole('button', { name: 'Hand back' })).toBeVisible();
    expect(
      await within(screen.getByTestId('alert-timeline')).findByText('Assigned to System Operator'),
    ).toBeVisible();
    // An operator hands alerts only to themselves: no menu of other people.
    expect(screen.queryByTestId('alert-assign-select')).not.toBeInTheDocument();
  });

  it('lets an admin give the alert to anyone', async () => {
    const { sent } = fakeServer();
    renderDetail(signedIn({ id: 'admin-1', role: 'admin' }));
    const select = await screen.findByRole('combobox', { name: 'Assign to' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.selectOptions(select, 'op-2');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ path: '/api/alerts/a1/assign', body: { assigneeId: 'op-2' } }),
    );
    expect(await screen.findByTestId('alert-assignee')).toHaveTextContent('Priya Das');
  });

  it('sends a comment, suggests people to mention, and shows a colleague’s comment as it arrives', async () => {
    const { sent } = fakeServer();
    const { sendLive } = renderDetail(signedIn(OPERATOR));
    const input = await screen.findByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(input, 'Signal is down, @pri');
    await userEvent.click(screen.getByRole('button', { name: 'Mention Priya Das (@priya.das)' }));
    expect(input).toHaveValue('Signal is down, @priya.das ');
    // The form puts the caret after the name on the next frame; typing goes on from there.
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, 'please check');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        path: '/api/alerts/a1/comments',
        body: { body: 'Signal is down, @priya.das please check' },
      }),
    );
    expect(await screen.findByText('@priya.das')).toBeVisible();
    expect(input).toHaveValue('');

    sendLive(
      'comment:created',
      comment('c9', 'Diverting traffic now.', {
        author: { id: 'op-2', name: 'Priya Das', role: 'operator' },
      }),
    );
    expect(await screen.findByText('Diverting traffic now.')).toBeVisible();
    const bodies = screen.getAllByTestId('alert-comment').map((item) => item.textContent);
    expect(bodies.at(-1)).toContain('Priya Das');
    // The same comment arriving twice (the answer and the event) shows once.
    sendLive(
      'comment:created',
      comment('c9', 'Diverting traffic now.', {
        author: { id: 'op-2', name: 'Priya Das', role: 'operator' },
      }),
    );
    expect(screen.getAllByText('Diverting traffic now.')).toHaveLength(1);
  });

  it('keeps the thread and the assignment from citizens, who still read the timeline', async () => {
    fakeServer();
    renderDetail(signedIn({ role: 'citizen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Congestion at Howrah Bridge' }),
    ).toBeVisible();
    expect(await screen.findByTestId('alert-history')).toBeVisible();
    expect(screen.queryByTestId('alert-comments')).not.toBeInTheDocument();
    expect(screen.queryByTestId('alert-assignment')).not.toBeInTheDocument();
  });

  it('says so when the alert does not exist, and when the thread cannot be loaded', async () => {
    fakeServer({ missing: true });
    renderDetail(signedIn(OPERATOR));
    expect(await screen.findByTestId('alert-detail-missing')).toHaveTextContent(
      'This alert does not exist, or it was removed.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Alert' })).toBeInTheDocument();
  });

  it('offers Retry when the comments fail to load', async () => {
    fakeServer({ failComments: true });
    renderDetail(signedIn(OPERATOR));
    expect(await screen.findByTestId('alert-comments-failed')).toHaveTextContent(
      'The comments could not be loaded.',
    );
  });

  it('moves the timeline on when an escalation step fires while the page is open', async () => {
    fakeServer();
    const { sendLive } = renderDetail(signedIn(OPERATOR));
    await screen.findByRole('heading', { level: 1, name: 'Congestion at Howrah Bridge' });
    const escalated = testAlert({
      id: 'a1',
      title: 'Congestion at Howrah Bridge',
      escalatedAt: '2026-11-21T10:15:00.000Z',
      updatedAt: '2026-11-21T10:15:00.000Z',
    });
    sendLive('alert:updated', escalated);
    expect(await screen.findByTestId('alert-escalated-at')).toBeVisible();
  });

  it('lets an operator shelve the alert for a chosen time with a reason, and bring it back', async () => {
    const { sent } = fakeServer();
    renderDetail(signedIn(OPERATOR));
    await userEvent.click(await screen.findByTestId('alert-shelve'));
    const form = screen.getByRole('form', { name: 'Shelve this alert' });
    await userEvent.click(within(form).getByRole('button', { name: '4 hours' }));
    expect(within(form).getByRole('button', { name: '4 hours' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // A reason is required: nothing is sent without one.
    await userEvent.click(screen.getByTestId('alert-shelve-submit'));
    expect(await screen.findByTestId('alert-shelve-error')).toHaveTextContent(
      'Say why the alert is shelved.',
    );
    expect(sent.filter((s) => s.path.endsWith('/shelve'))).toEqual([]);

    await userEvent.type(
      screen.getByRole('textbox', { name: /Reason/ }),
      'Bridge works until the evening',
    );
    await userEvent.click(screen.getByTestId('alert-shelve-submit'));
    await waitFor(() =>
      expect(sent).toContainEqual({
        path: '/api/alerts/a1/shelve',
        body: { minutes: 240, reason: 'Bridge works until the evening' },
      }),
    );
    const shelved = await screen.findByTestId('alert-shelved');
    expect(shelved).toHaveTextContent(/^Shelved until .+ — Bridge works until the evening/);
    expect(shelved).toHaveTextContent('by System Operator');
    expect(screen.queryByTestId('alert-shelve')).not.toBeInTheDocument();
    expect(
      await within(screen.getByTestId('alert-timeline')).findByText(/^Shelved for 4 hours, until/),
    ).toBeVisible();

    await userEvent.click(within(shelved).getByRole('button', { name: 'Unshelve' }));
    await waitFor(() => expect(sent).toContainEqual({ path: '/api/alerts/a1/unshelve', body: {} }));
    expect(await screen.findByTestId('alert-shelve')).toBeVisible();
    expect(screen.queryByTestId('alert-shelved')).not.toBeInTheDocument();
    expect(
      await within(screen.getByTestId('alert-timeline')).findByText('Back in the active list'),
    ).toBeVisible();
  });

  it('shows the server’s refusal to shelve, and keeps the form open', async () => {
    fakeServer({ refuseShelve: true });
    renderDetail(signedIn(OPERATOR));
    await userEvent.click(await screen.findByTestId('alert-shelve'));
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Known issue');
    await userEvent.click(screen.getByTestId('alert-shelve-submit'));
    expect(await screen.findByTestId('alert-shelve-error')).toHaveTextContent(
      'This alert is resolved and cannot be shelved; only open or acknowledged alerts can.',
    );
    expect(screen.getByRole('form', { name: 'Shelve this alert' })).toBeVisible();
  });

  it('shows a shelve that arrives live', async () => {
    fakeServer();
    const { sendLive } = renderDetail(signedIn(OPERATOR));
    await screen.findByRole('heading', { level: 1, name: 'Congestion at Howrah Bridge' });
    sendLive(
      'alert:updated',
      testAlert({
        id: 'a1',
        title: 'Congestion at Howrah Bridge',
        shelvedUntil: new Date(Date.now() + 3_600_000).toISOString(),
        shelvedReason: 'Festival crowd',
        shelvedBy: 'Priya Das <priya@example.org>',
        updatedAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByTestId('alert-shelved')).toHaveTextContent('Festival crowd');
  });

  it('offers citizens no shelving', async () => {
    fakeServer();
    renderDetail(signedIn({ role: 'citizen' }));
    await screen.findByRole('heading', { level: 1, name: 'Congestion at Howrah Bridge' });
    expect(screen.queryByTestId('alert-shelve')).not.toBeInTheDocument();
  });
});
