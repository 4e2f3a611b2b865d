import type { AlertNotification, Notification, ReportNotification } from '@smart-city/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { createTestQueryClient, signedIn, TestProviders } from '../../test/render';
import { NotificationsPage } from './notifications-page';

function notification(id: string, fields: Partial<AlertNotification> = {}): AlertNotification {
  return {
    id,
    recipientId: 'op-1',
    kind: 'escalated',
    alert: {
      id: `alert-${id}`,
      title: `Alert ${id}`,
      facts: null,
      severity: 'critical',
      city: 'kolkata',
    },
    actor: null,
    excerpt: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    readAt: null,
    ...fields,
  };
}

/** The person's notifications, newest first, answered a page of `limit` at a time. */
function fakeServer(seed: Notification[], options: { fail?: boolean } = {}) {
  const items = [...seed];
  const posted: string[] = [];
  const spy = stubFetch(async (path, init) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/api/cities') return jsonResponse(CITIES);
    if (url.pathname === '/api/notifications') {
      if (options.fail) return jsonResponse({ error: { code: 'internal', message: 'x' } }, 500);
      const unreadOnly = url.searchParams.get('unread') === 'true';
      const limit = Number(url.searchParams.get('limit'));
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const list = items.filter((n) => !unreadOnly || n.readAt === null);
      const page = list.slice(start, start + limit);
      return jsonResponse({
        items: page,
        nextCursor: start + limit < list.length ? String(start + limit) : null,
        unread: items.filter((n) => n.readAt === null).length,
      });
    }
    const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(url.pathname);
    if (read && init?.method === 'POST') {
      posted.push(url.pathname);
      const index = items.findIndex((n) => n.id === read[1]);
      items[index] = { ...items[index]!, readAt: '2026-11-21T11:00:00.000Z' };
      return jsonResponse(items[index]);
    }
    if (url.pathname === '/api/notifications/read-all' && init?.method === 'POST') {
      posted.push(url.pathname);
      const count = items.filter((n) => n.readAt === null).length;
      items.forEach((n, i) => (items[i] = { ...n, readAt: '2026-11-21T11:00:00.000Z' }));
      return jsonResponse({ read: count });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return { posted, spy };
}

/** A notification of a citizen's report. */
function reportNotification(id: string, fields: Partial<ReportNotification> = {}): Notification {
  return {
    id,
    recipientId: 'citizen-1',
    kind: 'report_status',
    report: {
      id: '12',
      city: 'kolkata',
      category: 'streetlight',
      status: 'closed',
      description: 'The streetlight on Park Street has been dark for three nights',
      mergedInto: null,
    },
    actor: null,
    excerpt: 'The lamp was replaced on Tuesday.',
    createdAt: '2026-11-21T10:00:00.000Z',
    readAt: null,
    ...fields,
  };
}

function renderPage(path = '/notifications') {
  const router = createMemoryRouter(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/alerts/:id', element: <p>Alert page</p> },
      { path: '/reports/:id', element: <p>Report page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders
      auth={signedIn({ id: 'op-1', role: 'operator' })}
      queryClient={createTestQueryClient()}
    >
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const rows = () => screen.queryAllByTestId('my-notification');

describe('the notifications page', () => {
  it('lists what concerns the person, newest first, saying why and marking the unread', async () => {
    fakeServer([
      notification('n1', { kind: 'mentioned', actor: 'Priya Das', excerpt: '@operator check it' }),
      notification('n2', {
        kind: 'assigned',
        actor: 'Admin User',
        readAt: '2026-11-21T10:30:00.000Z',
      }),
      notification('n3', { kind: 'reminded' }),
    ]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]).toHaveTextContent('Priya Das mentioned you');
    expect(rows()[0]).toHaveTextContent('“@operator check it”');
    expect(rows()[0]).toHaveTextContent('Unread');
    expect(rows()[1]).toHaveTextContent('Admin User assigned this alert to you');
    expect(rows()[1]).not.toHaveTextContent('Unread');
    expect(rows()[2]).toHaveTextContent('Reminder: still not acknowledged');
    expect(screen.getByRole('button', { name: 'Unread, 2 notifications' })).toBeVisible();
  });

  it('tells a resident what became of their report, with the city’s resolution, and opens the report', async () => {
    const { posted } = fakeServer([
      reportNotification('r2'),
      reportNotification('r1', {
        kind: 'report_merged',
        excerpt: null,
        report: { ...(reportNotification('x') as ReportNotification).report, mergedInto: '9' },
      }),
    ]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Report #12 was closed');
    expect(rows()[0]).toHaveTextContent('The streetlight on Park Street has been dark');
    expect(rows()[0]).toHaveTextContent('“The lamp was replaced on Tuesday.”');
    expect(rows()[0]).toHaveAttribute('href', '/reports/12');
    expect(rows()[1]).toHaveTextContent('Report #12 was merged into #9');
    await userEvent.click(rows()[0]!);
    await waitFor(() => expect(posted).toEqual(['/api/notifications/r2/read']));
    expect(await screen.findByText('Report page')).toBeVisible();
  });

  it('shows only the unread ones when asked, and marks one read', async () => {
    const { posted } = fakeServer([notification('n1'), notification('n2')]);
    renderPage('/notifications?show=unread');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read: Alert n1' }));
    await waitFor(() => expect(posted).toEqual(['/api/notifications/n1/read']));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('marks everything read at once', async () => {
    const { posted } = fakeServer([notification('n1'), notification('n2')]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(posted).toEqual(['/api/notifications/read-all']));
    await waitFor(() =>
      expect(rows().filter((row) => row.hasAttribute('data-unread'))).toEqual([]),
    );
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('opens the alert and counts the notification as read', async () => {
    const { posted } = fakeServer([notification('n1')]);
    const router = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByText('Alert n1'));
    expect(router.state.location.pathname).toBe('/alerts/alert-n1');
    await waitFor(() => expect(posted).toEqual(['/api/notifications/n1/read']));
  });

  it('loads older pages on request', async () => {
    fakeServer(Array.from({ length: 25 }, (_, i) => notification(`n${i + 1}`)));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
  });

  it('says when there is nothing, and when the list cannot be loaded', async () => {
    fakeServer([]);
    renderPage();
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('Nothing here yet');
  });

  it('offers Retry when the notifications fail to load', async () => {
    fakeServer([], { fail: true });
    renderPage();
    expect(await screen.findByTestId('notifications-failed')).toHaveTextContent(
      'Your notifications could not be loaded.',
    );
  });
});
