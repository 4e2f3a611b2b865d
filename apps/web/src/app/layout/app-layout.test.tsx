import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type Alert,
  type AlertGroup,
  type AlertSeverity,
  type AlertNotification,
  type Notification,
  type NotificationPreferences,
} from '@smart-city/shared';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { testAlert, testAlertGroup, testAlerts, testStats } from '../../test/live-fixtures';
import * as reloading from '../../lib/reload-page';
import { notificationsLive } from '../../lib/notifications/notifications.live';
import { createTestQueryClient, renderRoute, signedIn } from '../../test/render';

function myNotification(id: string, fields: Partial<AlertNotification> = {}): AlertNotification {
  return {
    id,
    recipientId: 'user-1',
    kind: 'escalated',
    alert: {
      id: `alert-${id}`,
      title: `Escalated ${id}`,
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

/** A moment `minutes` after 10:00 on the fixtures' day. */
function at(minutes: number): string {
  return new Date(Date.parse('2026-11-21T10:00:00.000Z') + minutes * 60_000).toISOString();
}

function alerts(count: number, severity: AlertSeverity = 'critical') {
  return testAlerts(count, { severity });
}

interface CityApi {
  /** GET /api/alerts: the city's newest alerts. */
  alerts?: Alert[];
  /** GET /api/alert-groups: the city's active flood groups. */
  groups?: AlertGroup[];
  /** GET /api/stats: how many active critical alerts the city has. */
  criticalAlerts?: number;
  preferences?: NotificationPreferences;
  /** GET /api/notifications: the person's own. */
  notifications?: Notification[];
}

/** The server as the layout reads it: cities, the newest alerts, the counts and the switches. */
function stubCityApi(api: CityApi = {}) {
  return stubFetch(async (url) => {
    const path = url.split('?')[0];
    if (path === '/api/cities') return jsonResponse(CITIES);
    if (path === '/api/alerts') return jsonResponse(api.alerts ?? []);
    if (path === '/api/alert-groups') return jsonResponse(api.groups ?? []);
    if (path === '/api/stats') {
      return jsonResponse(testStats({ criticalAlerts: api.criticalAlerts ?? 0 }));
    }
    if (path === '/api/notifications') {
      const items = api.notifications ?? [];
      return jsonResponse({
        items: items.slice(0, 5),
        nextCursor: null,
        unread: items.filter((n) => n.readAt === null).length,
      });
    }
    if (path === '/api/profile/preferences') {
      return jsonResponse({
        notifications: api.preferences ?? DEFAULT_NOTIFICATION_PREFERENCES,
        language: null,
      });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
}

async function openDashboard(options: Parameters<typeof renderRoute>[1] & { api?: CityApi } = {}) {
  stubCityApi(options.api);
  const rendered = renderRoute('/dashboard', { auth: signedIn(), ...options });
  await screen.findByRole('heading', { name: 'Dashboard' });
  return rendered;
}

function sidebar() {
  return within(screen.getByTestId('sidebar'));
}

describe('sidebar', () => {
  it('lists the twelve sections a citizen sees in order and marks the current one', async () => {
    await openDashboard();
    const links = sidebar()
      .getByRole('navigation', { name: 'Main navigation' })
      .querySelectorAll('a');
    expect(Array.from(links, (link) => link.textContent?.trim())).toEqual([
      'Dashboard',
      'City Services',
      'Analytics',
      'City Notices',
      'Report a problem',
      'Reports',
      'IoT Sensors',
      'Alerts',
      '3D City Twin',
      'Blockchain',
      'Open data',
      'Settings',
    ]);
    expect(sidebar().getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(sidebar().getByRole('link', { name: 'Alerts' })).not.toHaveAttribute('aria-current');
  });

  it('adds Dispatch for operators, and Dispatch and Billing for admins, after City Services', async () => {
    const sectionsOf = () =>
      Array.from(
        sidebar().getByRole('navigation', { name: 'Main navigation' }).querySelectorAll('a'),
        (link) => link.textContent?.trim(),
      ).slice(0, 4);
    const { unmount } = await openDashboard({ auth: signedIn({ role: 'operator' }) });
    expect(sectionsOf()).toEqual(['Dashboard', 'City Services', 'Dispatch', 'Analytics']);
    unmount();
    await openDashboard({ auth: signedIn({ role: 'admin' }) });
    expect(sectionsOf()).toEqual(['Dashboard', 'City Services', 'Dispatch', 'Billing']);
    expect(sidebar().getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/services/billing',
    );
  });

  it('ends an admin’s list with People and roles, Device keys and Maintenance windows, which nobody else sees', async () => {
    const lastSections = () =>
      Array.from(
        sidebar().getByRole('navigation', { name: 'Main navigation' }).querySelectorAll('a'),
        (link) => [link.textContent?.trim(), link.getAttribute('href')],
      ).slice(-4);
    const { unmount } = await openDashboard({ auth: signedIn({ role: 'operator' }) });
    expect(lastSections().at(-1)).toEqual(['Settings', '/settings']);
    unmount();
    await openDashboard({ auth: signedIn({ role: 'admin' }) });
    expect(lastSections()).toEqual([
      ['Settings', '/settings'],
      ['People and roles', '/admin/people'],
      ['Device keys', '/admin/device-keys'],
      ['Maintenance windows', '/admin/maintenance'],
    ]);
  });

  it('shows no badge without critical alerts', async () => {
    await openDashboard({ api: { alerts: alerts(3, 'warning'), criticalAlerts: 0 } });
    await waitFor(() => expect(sidebar().getByText('Alerts')).toBeInTheDocument());
    expect(screen.queryByTestId('critical-alerts-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open navigation menu' })).toBeInTheDocument();
    expect(screen.queryByTestId('menu-critical-badge')).not.toBeInTheDocument();
  });

  it("counts the city's active critical alerts on the Alerts item", async () => {
    await openDashboard({ api: { criticalAlerts: 3 } });
    expect(
      await sidebar().findByRole('link', { name: 'Alerts 3 critical alerts' }),
    ).toBeInTheDocument();
  });

  it('carries the count on the menu button too, for the screens below the fixed sidebar', async () => {
    await openDashboard({ api: { criticalAlerts: 3 } });
    const menu = await screen.findByRole('button', {
      name: 'Open navigation menu, 3 critical alerts',
    });
    expect(within(menu).getByTestId('menu-critical-badge')).toHaveTextContent('3');
  });

  it('shows up to 9 as a number', async () => {
    await openDashboard({ api: { criticalAlerts: 9 } });
    expect(within(await screen.findByTestId('critical-alerts-badge')).getByText('9')).toBeVisible();
  });

  it('caps the badge at 9+', async () => {
    await openDashboard({ api: { criticalAlerts: 12 } });
    expect(
      within(await screen.findByTestId('critical-alerts-badge')).getByText('9+'),
    ).toBeVisible();
  });

  it("shows the user's name and role, and says Reconnecting... while the live link is down", async () => {
    await openDashboard();
    expect(sidebar().getByTestId('sidebar-user-name')).toHaveTextContent('Asha Sen');
    expect(sidebar().getByText('Citizen')).toBeInTheDocument();
    expect(sidebar().getByText('Reconnecting...')).toBeInTheDocument();
    expect(screen.getByTestId('connection-status-header')).toHaveTextContent('Offline');
    expect(screen.getByText('Reconnecting to server...')).toBeInTheDocument();
  });

  it('says Connecting... with no outage banner while the first connection is made', async () => {
    await openDashboard({ connection: 'connecting' });
    expect(sidebar().getByText('Connecting...')).toBeInTheDocument();
    expect(screen.getByTestId('connection-status-header')).toHaveTextContent('Connecting...');
    expect(screen.queryByText('Reconnecting to server...')).not.toBeInTheDocument();
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
  });

  it('says Connected and drops the banner once the live link is up', async () => {
    await openDashboard({ connection: 'connected' });
    expect(sidebar().getByText('Connected')).toBeInTheDocument();
    expect(screen.queryByText('Reconnecting to server...')).not.toBeInTheDocument();
  });

  it('asks for a reload when the page is too old for the live protocol', async () => {
    const reload = vi.spyOn(reloading, 'reloadPage').mockImplementation(() => {});
    await openDashboard({ connection: 'outdated' });
    const banner = screen.getByTestId('live-outdated-banner');
    expect(banner).toHaveTextContent(
      'A newer version of Smart City is available. Reload the page to keep live updates.',
    );
    expect(sidebar().getByText('Update available')).toBeInTheDocument();
    expect(screen.queryByText('Reconnecting to server...')).not.toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("falls back to the e-mail's local part, then 'User'", async () => {
    const { unmount } = await openDashboard({
      auth: signedIn({ firstName: null, lastName: null, email: 'ravi@kolkata.example' }),
    });
    expect(sidebar().getByTestId('sidebar-user-name')).toHaveTextContent('ravi');
    unmount();
    await openDashboard({ auth: signedIn({ firstName: null, lastName: null, email: '' }) });
    expect(sidebar().getByTestId('sidebar-user-name')).toHaveTextContent('User');
  });

  it('signs out and returns to the landing page', async () => {
    const signOut = vi.fn(() => Promise.resolve(true));
    const { router } = await openDashboard({ auth: signedIn({}, { signOut }) });
    await userEvent.click(sidebar().getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('navigation drawer', () => {
  it('opens from the menu button with focus inside, and closes on navigation', async () => {
    const { router } = await openDashboard();
    const menuButton = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menuButton);
    // The drawer's code downloads when it is first opened.
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('button', { name: 'Close navigation menu' })).toHaveFocus();

    await userEvent.click(within(drawer).getByRole('link', { name: 'IoT Sensors' }));
    expect(await screen.findByRole('heading', { name: 'IoT Sensors' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sensors');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('closes when the route changes from elsewhere', async () => {
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    expect(await screen.findByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
    await router.navigate('/alerts');
    expect(await screen.findByRole('heading', { name: 'Alerts' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    await openDashboard();
    const menuButton = screen.getByRole('button', { name: 'Open navigation menu' });
    await userEvent.click(menuButton);
    await screen.findByRole('dialog', { name: 'Navigation' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes on an overlay click', async () => {
    await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    await userEvent.click(await screen.findByTestId('nav-drawer-overlay'));
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('keeps Tab inside the open drawer', async () => {
    await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await userEvent.tab({ shift: true });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await userEvent.tab();
    expect(within(drawer).getByRole('button', { name: 'Close navigation menu' })).toHaveFocus();
  });
});

describe('header', () => {
  it('sends the Emergency button to quick booking with an ambulance', async () => {
    const { router } = await openDashboard();
    const emergency = screen.getByRole('link', { name: 'Emergency (SOS): book an ambulance now' });
    // Said on a phone as 'SOS', wider as 'Emergency'.
    expect(emergency).toHaveTextContent('SOS');
    expect(emergency).toHaveTextContent('Emergency');
    await userEvent.click(emergency);
    expect(
      await screen.findByRole('heading', { name: 'Quick Emergency Booking' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services/emergency/quick');
    expect(router.state.location.search).toBe('?service=ambulance');
  });

  it("shows 'No new notifications' when no alert is active", async () => {
    await openDashboard();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('No new notifications')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('No new notifications')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('closes a header menu on an outside click or when focus moves away', async () => {
    await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await userEvent.click(screen.getByRole('heading', { name: 'Dashboard' }));
    expect(screen.queryByText('No new notifications')).not.toBeInTheDocument();

    const userButton = screen.getByRole('button', { name: 'User menu' });
    await userEvent.click(userButton);
    expect(userButton).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab({ shift: true });
    expect(userButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists at most five active alerts, each with its severity in words', async () => {
    await openDashboard({ connection: 'connected', api: { alerts: alerts(7) } });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(5));
    expect(within(panel).getByText('Alert 1')).toBeInTheDocument();
    expect(within(panel).queryByText('Alert 6')).not.toBeInTheDocument();
    expect(within(panel).getAllByRole('img', { name: 'Critical' })).toHaveLength(5);
  });

  it('rings once for a flood: its group in one item, its alerts in none', async () => {
    await openDashboard({
      connection: 'connected',
      api: {
        alerts: [
          ...alerts(3).map((alert) => ({ ...alert, groupId: 'group-1' })),
          testAlert({ id: 'alone', title: 'Fire at Salt Lake', severity: 'high' }),
        ],
        groups: [testAlertGroup({ members: 3, activeMembers: 3 })],
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const group = await screen.findByTestId('notification-group');
    expect(group).toHaveTextContent(
      'Alarm flood in Kolkata: 3 air quality sensors over their limits',
    );
    expect(group).toHaveAttribute('href', '/alerts/groups/group-1');
    const items = screen.getAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Fire at Salt Lake'),
    ]);
  });

  it('lists warnings by default, in amber beside the critical ones in red', async () => {
    const both = [
      testAlert({ id: 'w', title: 'Bin full', severity: 'warning' }),
      testAlert({ id: 'c', title: 'Flooding', severity: 'critical' }),
    ];
    await openDashboard({ connection: 'connected', api: { alerts: both } });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));
    const items = screen.getAllByTestId('notification-item');
    expect(items.map((item) => item.getAttribute('data-severity'))).toEqual([
      'critical',
      'warning',
    ]);
    expect(items[0]).toHaveClass('border-red-500');
    expect(items[1]).toHaveClass('border-amber-500');
  });

  it('leaves warnings out of the bell for people who switched them off', async () => {
    await openDashboard({
      connection: 'connected',
      api: {
        preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, warningAlerts: false },
        alerts: [
          testAlert({ id: 'w', title: 'Bin full', severity: 'warning' }),
          testAlert({ id: 'c', title: 'Flooding', severity: 'critical' }),
        ],
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((item) => item.getAttribute('data-severity'))).toEqual(['critical']);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).queryByText('Bin full')).not.toBeInTheDocument();
  });

  it('lists the worst alerts first, then the newest, each coloured and named by severity', async () => {
    stubCityApi({
      alerts: [
        testAlert({ id: 'w', title: 'Bin full', severity: 'warning', createdAt: at(10) }),
        testAlert({ id: 'h', title: 'Smog', severity: 'high', createdAt: at(5) }),
        testAlert({ id: 'c-new', title: 'Flooding', severity: 'critical', createdAt: at(3) }),
        testAlert({ id: 'c-old', title: 'Fire', severity: 'critical', createdAt: at(0) }),
        testAlert({ id: 'r', title: 'Resolved one', status: 'resolved', createdAt: at(12) }),
      ],
    });
    renderRoute('/dashboard', { auth: signedIn(), connection: 'connected' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(4));
    const items = screen.getAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Flooding'),
      expect.stringContaining('Fire'),
      expect.stringContaining('Smog'),
      expect.stringContaining('Bin full'),
    ]);
    expect(within(items[0]!).getByRole('img', { name: 'Critical' })).toBeInTheDocument();
    expect(within(items[2]!).getByRole('img', { name: 'High' })).toBeInTheDocument();
    expect(within(items[3]!).getByRole('img', { name: 'Warning' })).toBeInTheDocument();
    expect(items[0]).toHaveClass('border-red-500');
    expect(items[2]).toHaveClass('border-sky-500');
    expect(items[3]).toHaveClass('border-amber-500');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).queryByText('Resolved one')).not.toBeInTheDocument();
  });

  it('opens the Alerts screen at the clicked alert', async () => {
    const { router } = await openDashboard({
      connection: 'connected',
      api: { alerts: [testAlert({ id: 'a 7', title: 'Flooding' })] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await userEvent.click(await within(panel).findByRole('link', { name: /Flooding/ }));
    expect(await screen.findByRole('heading', { name: 'Alerts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/alerts');
    expect(new URLSearchParams(router.state.location.search).get('alert')).toBe('a 7');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it("shows an operator's own notifications first, the unread count on the bell, and new ones live", async () => {
    const queryClient = createTestQueryClient();
    const { router } = await openDashboard({
      auth: signedIn({ role: 'operator' }),
      connection: 'connected',
      queryClient,
      api: {
        alerts: [testAlert({ id: 'c', title: 'Flooding' })],
        notifications: [
          myNotification('n1', { kind: 'assigned', actor: 'Admin User' }),
          myNotification('n2', { readAt: '2026-11-21T10:10:00.000Z' }),
        ],
      },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('1');

    notificationsLive.handlers['notification:created']?.(myNotification('n3'), {
      queryClient,
      city: 'kolkata',
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBe(bell);

    await userEvent.click(bell);
    const forYou = within(screen.getByTestId('bell-for-you'));
    const mine = forYou.getAllByTestId('my-notification');
    expect(mine.map((item) => item.getAttribute('data-alert-id'))).toEqual([
      'alert-n3',
      'alert-n1',
      'alert-n2',
    ]);
    expect(mine[1]).toHaveTextContent('Admin User assigned this alert to you');
    // The active alerts of the city follow, as for everyone.
    expect(screen.getAllByTestId('notification-item')).toHaveLength(1);
    await userEvent.click(forYou.getByRole('link', { name: 'All notifications' }));
    expect(router.state.location.pathname).toBe('/notifications');
  });

  it('tells a resident in the bell what became of the report they made, opening it', async () => {
    const { router } = await openDashboard({
      auth: signedIn({ role: 'citizen' }),
      connection: 'connected',
      api: {
        notifications: [
          {
            id: 'r1',
            recipientId: 'user-1',
            kind: 'report_status',
            report: {
              id: '12',
              city: 'kolkata',
              category: 'pothole',
              status: 'in_progress',
              description: 'A deep pothole near the metro gate',
              mergedInto: null,
            },
            actor: null,
            excerpt: null,
            createdAt: '2026-11-21T10:00:00.000Z',
            readAt: null,
          },
        ],
      },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const [mine] = within(screen.getByTestId('bell-for-you')).getAllByTestId('my-notification');
    expect(mine).toHaveTextContent('Work has started on report #12');
    expect(mine).toHaveTextContent('A deep pothole near the metro gate');
    await userEvent.click(mine!);
    expect(router.state.location.pathname).toBe('/reports/12');
  });

  it('opens the user menu with Profile, Settings and Sign out', async () => {
    const { router } = await openDashboard();
    const button = screen.getByRole('button', { name: 'User menu' });
    await userEvent.click(button);
    const menu = within(document.getElementById(button.getAttribute('aria-controls') ?? '')!);
    expect(menu.getByText('Asha Sen')).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(menu.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await userEvent.click(menu.getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });
});
