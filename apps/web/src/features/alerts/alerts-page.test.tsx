import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  ACTIVE_ALERT_STATUSES,
  bySeverityThenNewest,
  isShelved,
} from '@smart-city/shared';
import type {
  Alert,
  AlertHistoryEntry,
  AlertStatus,
  LiveEventName,
  LiveEventPayload,
} from '@smart-city/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '../../lib/auth/auth-types';
import { recentAlertsLive } from '../../lib/alerts/recent-alerts.live';
import { applyLanguage } from '../../lib/i18n/i18n';
import type { LiveContext } from '../../lib/live/live-module';
import { CITIES } from '../../test/city-fixtures';
import { minutesAgo } from '../../test/clock';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { ruleFacts, testAlert } from '../../test/live-fixtures';
import { createTestQueryClient, signedIn, TestProviders } from '../../test/render';
import { AlertsPage } from './alerts-page';
import { alertsScreenLive } from './alerts.live';

const ago = minutesAgo;

/** Kolkata's alerts in every severity and status, and one of Kharagpur that must never show. */
function seedAlerts(): Alert[] {
  return [
    testAlert({
      id: 'a1',
      title: 'Congestion at Howrah Bridge',
      message: 'Congestion 96 % (critical ≥ 90 %)',
      severity: 'critical',
      status: 'open',
      sensorId: 'kolkata-traffic-howrah-bridge',
      location: 'Howrah Bridge',
      createdAt: ago(3),
    }),
    testAlert({
      id: 'a2',
      title: 'Bin almost full at Park Street',
      message: 'Bin fill 92 % (high ≥ 90 %)',
      severity: 'high',
      status: 'acknowledged',
      sensorId: 'kolkata-waste-park-street',
      location: 'Park Street',
      acknowledgedAt: ago(5),
      acknowledgedBy: 'System Operator <operator@smartcity.local>',
      note: 'Truck sent',
      createdAt: ago(10),
    }),
    testAlert({
      id: 'a3',
      title: 'Poor air at Gariahat',
      message: 'AQI 160 (high ≥ 150)',
      severity: 'high',
      status: 'open',
      sensorId: 'kolkata-air-quality-gariahat',
      location: 'Gariahat',
      createdAt: ago(20),
    }),
    testAlert({
      id: 'a4',
      title: 'Sensor offline at Maidan',
      message: 'No reading for 6 minutes',
      severity: 'warning',
      status: 'open',
      sensorId: 'kolkata-traffic-maidan',
      location: 'Maidan',
      createdAt: ago(30),
    }),
    testAlert({
      id: 'a5',
      title: 'Turbid water at Esplanade',
      message: 'Turbidity 11 NTU (critical ≥ 10 NTU)',
      severity: 'critical',
      status: 'resolved',
      sensorId: 'kolkata-water-esplanade',
      location: 'Esplanade',
      resolvedAt: ago(40),
      resolvedBy: 'system',
      createdAt: ago(90),
    }),
    testAlert({
      id: 'a6',
      title: 'Feeder load at Dum Dum',
      message: 'Load 96 % of rated',
      severity: 'warning',
      status: 'dismissed',
      sensorId: 'kolkata-energy-dum-dum',
      location: 'Dum Dum',
      resolvedAt: ago(100),
      resolvedBy: 'Admin User <admin@smartcity.local>',
      createdAt: ago(120),
    }),
    testAlert({
      id: 'k1',
      title: 'Congestion at NH16 Crossing',
      message: 'Congestion 95 %',
      severity: 'critical',
      status: 'open',
      city: 'kharagpur',
      sensorId: 'kharagpur-traffic-nh16-crossing',
      location: 'NH16 Crossing',
      createdAt: ago(1),
    }),
  ];
}

type Handler = (url: URL, body: unknown) => Response | undefined;

/**
 * An in-memory alerts API: the list, the counts and the history filter the same alerts the way the
 * server does, and the actions move them on (or answer 409 as the server would).
 */
function fakeAlertsServer(
  options: { handler?: Handler; shelved?: string[]; suppressed?: string[] } = {},
) {
  // The alerts named are shelved for the next hour, or were raised during a maintenance window.
  const alerts = seedAlerts().map((alert) =>
    options.suppressed?.includes(alert.id)
      ? { ...alert, suppressed: true }
      : options.shelved?.includes(alert.id)
        ? {
            ...alert,
            shelvedUntil: new Date(Date.now() + 3_600_000).toISOString(),
            shelvedReason: 'Roadworks on the approach',
            shelvedBy: 'System Operator <operator@smartcity.local>',
          }
        : alert,
  );
  const history: Record<string, AlertHistoryEntry[]> = {
    a1: [
      {
        action: 'raised',
        fromStatus: null,
        toStatus: 'open',
        severity: 'critical',
        actor: 'system',
        note: 'Congestion 96 % (critical ≥ 90 %)',
        at: ago(3),
        details: null,
      },
    ],
  };
  const posts: { path: string; body: unknown }[] = [];
  const listRequests: URL[] = [];

  const matches = (alert: Alert, url: URL, skip: 'status' | 'severity' | null = null) => {
    const city = url.searchParams.get('city');
    const status = url.searchParams.get('status');
    const severity = url.searchParams.get('severity');
    if (city && alert.city !== city) return false;
    // As the server: only the suppressed filter lists suppressed alerts, whatever their status.
    if (skip !== 'status' && status === 'suppressed') return alert.suppressed && rest(alert, url);
    if (skip !== 'status' && status && alert.suppressed) return false;
    if (skip !== 'status' && status) {
      const statuses: readonly string[] =
        status === 'active' || status === 'shelved' ? ACTIVE_ALERT_STATUSES : [status];
      if (!statuses.includes(alert.status)) return false;
      // As the server: the shelved list holds only shelved alerts, the active ones none.
      const shelved = isShelved(alert, Date.now());
      if (status === 'shelved' ? !shelved : shelved && ACTIVE_CHOICES.includes(status))
        return false;
    }
    if (skip !== 'severity' && severity && alert.severity !== severity) return false;
    return rest(alert, url);
  };
  /** The search, as the list and the counts apply it. */
  const rest = (alert: Alert, url: URL) => {
    const q = url.searchParams.get('q')?.toLowerCase();
    if (q) {
      const text = [alert.title, alert.message, alert.sensorId, alert.location].join('\n');
      if (!text.toLowerCase().includes(q)) return false;
    }
    return true;
  };

  const ACTIVE_CHOICES: readonly string[] = ['active', 'open', 'acknowledged'];
  const fetchSpy = stubFetch(async (path, init) => {
    const url = new URL(path, 'http://localhost');
    const body = jsonBodyOf(init);
    const custom = options.handler?.(url, body);
    if (custom) return custom;
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/cities') return jsonResponse(CITIES);
    // No flood in these tests (alert-groups.test.tsx has them).
    if (url.pathname === '/api/alert-groups') return jsonResponse([]);
    if (url.pathname === '/api/alerts/counts') {
      const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0]));
      const byStatus = Object.fromEntries(ALERT_STATUSES.map((s) => [s, 0]));
      let shelved = 0;
      let suppressed = 0;
      for (const alert of alerts) {
        if (matches(alert, url, 'severity')) bySeverity[alert.severity]! += 1;
        if (!matches(alert, url, 'status')) continue;
        if (alert.suppressed) suppressed += 1;
        else if (isShelved(alert, Date.now())) shelved += 1;
        else byStatus[alert.status]! += 1;
      }
      return jsonResponse({ bySeverity, byStatus, shelved, suppressed });
    }
    if (url.pathname === '/api/alerts') {
      listRequests.push(url);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const list = alerts
        .filter((alert) => matches(alert, url))
        .sort(
          url.searchParams.get('order') === 'severity'
            ? bySeverityThenNewest
            : (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
        )
        .slice(0, limit);
      return jsonResponse(list);
    }
    const historyMatch = /^\/api\/alerts\/([^/]+)\/history$/.exec(url.pathname);
    if (historyMatch) return jsonResponse(history[historyMatch[1]!] ?? []);
    const actionMatch = /^\/api\/alerts\/([^/]+)\/(acknowledge|resolve|dismiss)$/.exec(
      url.pathname,
    );
    if (actionMatch && method === 'POST') {
      posts.push({ path: url.pathname, body });
      const index = alerts.findIndex((alert) => alert.id === actionMatch[1]);
      const alert = alerts[index]!;
      const action = actionMatch[2]!;
      const from: readonly AlertStatus[] =
        action === 'acknowledge' ? ['open'] : ['open', 'acknowledged'];
      if (!from.includes(alert.status)) {
        return jsonResponse(
          {
            error: {
              code: 'conflict',
              message: `This alert is ${alert.status} and cannot be acknowledged; only open alerts can.`,
            },
          },
          409,
        );
      }
      const note = (body as { note?: string }).note ?? null;
      const now = new Date().toISOString();
      const who = 'System Operator <operator@smartcity.local>';
      const to: AlertStatus =
        action === 'acknowledge' ? 'acknowledged' : action === 'resolve' ? 'resolved' : 'dismissed';
      const updated: Alert = {
        ...alert,
        status: to,
        note: note ?? alert.note,
        updatedAt: now,
        ...(action === 'acknowledge'
          ? { acknowledgedAt: now, acknowledgedBy: who }
          : { resolvedAt: now, resolvedBy: who }),
      };
      alerts[index] = updated;
      (history[alert.id] ??= []).push({
        action: action as AlertHistoryEntry['action'],
        fromStatus: alert.status,
        toStatus: to,
        severity: alert.severity,
        actor: who,
        note,
        at: now,
        details: null,
      });
      return jsonResponse(updated);
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });

  return {
    alerts,
    posts,
    listRequests,
    fetchSpy,
    /** Another operator (or the rules) changed an alert on the server. */
    change(id: string, change: Partial<Alert>) {
      const index = alerts.findIndex((alert) => alert.id === id);
      alerts[index] = { ...alerts[index]!, ...change };
      return alerts[index];
    },
    add(alert: Alert) {
      alerts.push(alert);
    },
  };
}

const operator = signedIn({ role: 'operator', firstName: 'System', lastName: 'Operator' });
const citizen = signedIn({ role: 'citizen' });

function openAlerts(path = '/alerts', { auth = operator }: { auth?: AuthContextValue } = {}) {
  const router = createMemoryRouter([{ path: '/alerts', element: <AlertsPage /> }], {
    initialEntries: [path],
  });
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
    /** The live connection delivers an event, as the socket provider hands it to the modules. */
    sendLive: <K extends LiveEventName>(name: K, payload: LiveEventPayload<K>) => {
      for (const module of [recentAlertsLive, alertsScreenLive]) {
        const handler = module.handlers[name];
        handler?.(payload, context);
      }
    },
  };
}

const cards = () => screen.queryAllByTestId('alert-card');
const cardTitles = () =>
  cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
const card = (title: string) => {
  const found = cards().find((item) => within(item).queryByRole('heading', { name: title }));
  if (!found) throw new Error(`No card titled ${title}`);
  return within(found);
};
const chip = (testId: string) => screen.getByTestId(testId);
const chipCount = (testId: string) => Number(chip(testId).getAttribute('data-count'));

async function waitForCounts() {
  await waitFor(() => expect(chip('alerts-status-active')).toHaveAttribute('data-count'));
}

/** Waits until the cards on screen are the ones the current filters ask for. */
async function waitForList(length: number) {
  await waitFor(() => {
    expect(cards()).toHaveLength(length);
    expect(screen.getByTestId('alerts-list')).not.toHaveClass('opacity-60');
  });
}

describe('AlertsPage', () => {
  it('lists the active alerts of the selected city, newest first, with severity, status, time, sensor and place', async () => {
    fakeAlertsServer();
    openAlerts();
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(cardTitles()).toEqual([
      'Congestion at Howrah Bridge',
      'Bin almost full at Park Street',
      'Poor air at Gariahat',
      'Sensor offline at Maidan',
    ]);
    const first = card('Congestion at Howrah Bridge');
    expect(first.getByTestId('alert-severity')).toHaveTextContent('Critical');
    expect(first.getByTestId('alert-status')).toHaveTextContent('Open');
    expect(first.getByTestId('alert-sensor')).toHaveTextContent('kolkata-traffic-howrah-bridge');
    expect(first.getByTestId('alert-place')).toHaveTextContent('Howrah Bridge');
    const time = first.getByText('3 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', expect.stringMatching(/\d{4}/));

    const acknowledged = card('Bin almost full at Park Street');
    expect(acknowledged.getByTestId('alert-status')).toHaveTextContent('Acknowledged');
    expect(acknowledged.getByText(/Acknowledged by System Operator/)).toBeInTheDocument();
    expect(acknowledged.getByTestId('alert-note-text')).toHaveTextContent('Truck sent');
    expect(screen.queryByText('Congestion at NH16 Crossing')).not.toBeInTheDocument();
    expect(chip('alerts-status-active')).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByTestId('alerts-showing')).toHaveTextContent('Showing 4 of 4 alerts');
  });

  it('asks for active alerts the worst first, and for lists with closed ones newest first', async () => {
    const server = fakeAlertsServer();
    server.change('a3', { createdAt: ago(1) });
    const { router } = openAlerts();
    await waitFor(() => expect(cards()).toHaveLength(4));
    // The high alert raised a minute ago stays below the critical one of three minutes ago.
    expect(cardTitles()).toEqual([
      'Congestion at Howrah Bridge',
      'Poor air at Gariahat',
      'Bin almost full at Park Street',
      'Sensor offline at Maidan',
    ]);
    expect(server.listRequests.at(-1)!.searchParams.get('order')).toBe('severity');
    for (const status of ['open', 'acknowledged']) {
      await act(() => router.navigate(`/alerts?status=${status}`));
      await waitFor(() =>
        expect(server.listRequests.at(-1)!.searchParams.get('status')).toBe(status),
      );
      expect(server.listRequests.at(-1)!.searchParams.get('order')).toBe('severity');
    }
    await userEvent.click(chip('alerts-status-all'));
    await waitFor(() => expect(server.listRequests.at(-1)!.searchParams.get('status')).toBeNull());
    expect(server.listRequests.at(-1)!.searchParams.get('order')).toBeNull();
    await waitFor(() => expect(cardTitles()[0]).toBe('Poor air at Gariahat'));
  });

  it('shows the peak that set the severity beside the latest reading', async () => {
    fakeAlertsServer({
      handler: (url) =>
        url.pathname === '/api/alerts'
          ? jsonResponse([
              testAlert({
                id: 'aq',
                rule: 'threshold',
                ...ruleFacts({
                  kind: 'threshold',
                  location: 'Gariahat',
                  sensorType: 'air_quality',
                  value: 165,
                  unit: 'AQI',
                  severity: 'high',
                  level: 150,
                }),
                severity: 'high',
                value: 127,
                createdAt: ago(2),
              }),
            ])
          : undefined,
    });
    openAlerts();
    const message = await screen.findByTestId('alert-message');
    expect(message).toHaveTextContent('Peak AQI 165 (high ≥ 150) · latest AQI 127');
  });

  it('words an alert from its facts in the reader’s language and digits', async () => {
    await act(() => applyLanguage('bn'));
    try {
      fakeAlertsServer({
        handler: (url) =>
          url.pathname === '/api/alerts'
            ? jsonResponse([
                testAlert({
                  id: 'aq',
                  rule: 'threshold',
                  ...ruleFacts({
                    kind: 'threshold',
                    location: 'Gariahat',
                    sensorType: 'air_quality',
                    value: 165,
                    unit: 'AQI',
                    severity: 'high',
                    level: 150,
                  }),
                  severity: 'high',
                  value: 165,
                  createdAt: ago(2),
                }),
              ])
            : undefined,
      });
      openAlerts();
      expect(await screen.findByTestId('alert-message')).toHaveTextContent('AQI ১৬৫ (উচ্চ: ≥ ১৫০)');
      expect(screen.getByText('Gariahat-এ বায়ুর মান খারাপ')).toBeInTheDocument();
    } finally {
      await act(() => applyLanguage('en'));
    }
  });

  it('shows an alert without facts with the title and message it was stored with', async () => {
    await act(() => applyLanguage('bn'));
    try {
      fakeAlertsServer({
        handler: (url) =>
          url.pathname === '/api/alerts'
            ? jsonResponse([
                testAlert({
                  id: 'old',
                  title: 'Poor air quality at Gariahat',
                  message: 'AQI 165 (high ≥ 150)',
                  facts: null,
                  createdAt: ago(2),
                }),
              ])
            : undefined,
      });
      openAlerts();
      expect(await screen.findByTestId('alert-message')).toHaveTextContent('AQI 165 (high ≥ 150)');
      expect(screen.getByText('Poor air quality at Gariahat')).toBeInTheDocument();
    } finally {
      await act(() => applyLanguage('en'));
    }
  });

  it('shows counts per status and severity that equal the list each filter shows', async () => {
    fakeAlertsServer();
    const { router } = openAlerts();
    await waitForCounts();
    expect(chipCount('alerts-status-active')).toBe(4);
    expect(chipCount('alerts-status-all')).toBe(6);
    expect(chipCount('alerts-severity-critical')).toBe(1);
    expect(chipCount('alerts-severity-high')).toBe(2);
    expect(chip('alerts-severity-high')).toHaveAccessibleName('High, 2 alerts');

    for (const status of ['open', 'acknowledged', 'resolved', 'dismissed', 'all', 'active']) {
      const expected = chipCount(`alerts-status-${status}`);
      await userEvent.click(chip(`alerts-status-${status}`));
      await waitForList(expected);
      expect(router.state.location.search).toBe(status === 'active' ? '' : `?status=${status}`);
    }

    await userEvent.click(chip('alerts-status-all'));
    await waitForCounts();
    for (const severity of ['critical', 'high', 'warning', 'info']) {
      await userEvent.click(chip(`alerts-severity-${severity}`));
      await waitFor(() =>
        expect(chip(`alerts-severity-${severity}`)).toHaveAttribute('data-count'),
      );
      const expected = chipCount(`alerts-severity-${severity}`);
      if (expected === 0) {
        expect(await screen.findByText('No Alerts Found')).toBeInTheDocument();
      } else {
        await waitForList(expected);
        for (const item of cards()) expect(item).toHaveAttribute('data-severity', severity);
      }
      // With a severity chosen, each status count is the list of that status at this severity.
      await userEvent.click(chip('alerts-status-resolved'));
      const resolved = chipCount('alerts-status-resolved');
      if (resolved > 0) await waitForList(resolved);
      else expect(await screen.findByText('No Alerts Found')).toBeInTheDocument();
      await userEvent.click(chip('alerts-status-all'));
    }
    expect(router.state.location.search).toBe('?status=all&severity=info');
  });

  it('keeps shelved alerts out of the active list and counts, and lists them under Shelved', async () => {
    fakeAlertsServer({ shelved: ['a3'] });
    const { router } = openAlerts();
    await waitForCounts();
    expect(chipCount('alerts-status-active')).toBe(3);
    expect(chipCount('alerts-status-open')).toBe(2);
    expect(chipCount('alerts-status-shelved')).toBe(1);
    expect(chipCount('alerts-status-all')).toBe(6);
    await waitForList(3);
    expect(cardTitles()).not.toContain('Poor air at Gariahat');

    await userEvent.click(chip('alerts-status-shelved'));
    await waitForList(1);
    expect(router.state.location.search).toBe('?status=shelved');
    const shelved = card('Poor air at Gariahat');
    expect(shelved.getByTestId('alert-shelved')).toHaveTextContent(
      /^Shelved until .+ — Roadworks on the approach/,
    );
    expect(shelved.getByRole('button', { name: 'Unshelve' })).toBeVisible();
  });

  it('keeps alerts raised during maintenance out of every other list, and lists them under In maintenance', async () => {
    fakeAlertsServer({ suppressed: ['a3'] });
    const { router } = openAlerts();
    await waitForCounts();
    expect(chipCount('alerts-status-active')).toBe(3);
    expect(chipCount('alerts-status-suppressed')).toBe(1);
    expect(chipCount('alerts-status-all')).toBe(6);
    await waitForList(3);
    expect(cardTitles()).not.toContain('Poor air at Gariahat');

    await userEvent.click(chip('alerts-status-suppressed'));
    await waitForList(1);
    expect(router.state.location.search).toBe('?status=suppressed');
    expect(screen.getByRole('button', { name: /^In maintenance/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(card('Poor air at Gariahat').getByTestId('alert-suppressed')).toHaveTextContent(
      'Raised during a maintenance window: not announced and never escalated.',
    );
  });

  it('searches title, message, sensor and place, keeping the search in the address', async () => {
    fakeAlertsServer();
    const { router } = openAlerts('/alerts?status=all');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const search = screen.getByRole('searchbox', { name: 'Search alerts' });

    const cases: [string, string[]][] = [
      ['howrah', ['Congestion at Howrah Bridge']],
      ['truck', []],
      ['Bin fill', ['Bin almost full at Park Street']],
      ['kolkata-energy', ['Feeder load at Dum Dum']],
      ['ESPLANADE', ['Turbid water at Esplanade']],
    ];
    for (const [text, titles] of cases) {
      await userEvent.clear(search);
      await userEvent.type(search, `${text}{enter}`);
      if (titles.length === 0) {
        expect(await screen.findByText('No Alerts Found')).toBeInTheDocument();
        expect(screen.getByText('All systems are operating normally.')).toBeInTheDocument();
      } else {
        await waitFor(() => expect(cardTitles()).toEqual(titles));
        await waitFor(() => expect(chipCount('alerts-status-all')).toBe(titles.length));
      }
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe(text);
    }

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(router.state.location.search).toBe('');
    expect(search).toHaveValue('');
  });

  it('opens with the filters of the address', async () => {
    const server = fakeAlertsServer();
    openAlerts('/alerts?status=resolved&severity=critical&q=water');
    await waitFor(() => expect(cardTitles()).toEqual(['Turbid water at Esplanade']));
    expect(chip('alerts-status-resolved')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('alerts-severity-critical')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search alerts' })).toHaveValue('water');
    const asked = server.listRequests.at(-1)!.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      city: 'kolkata',
      status: 'resolved',
      severity: 'critical',
      q: 'water',
    });
  });

  it('folds the filters into one control on a phone that says what is chosen', async () => {
    fakeAlertsServer();
    openAlerts('/alerts?status=resolved&severity=critical');
    const toggle = await screen.findByRole('button', { name: /^Filters/ });
    expect(toggle).toHaveTextContent('Resolved · Critical · Anyone');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const chips = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(chips).toContainElement(chip('alerts-status-resolved'));
    // Folded on narrow screens only: from 640 px the chips always show.
    expect(chips).toHaveClass('max-sm:hidden');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(chips).not.toHaveClass('max-sm:hidden');
  });

  it('says No Alerts Found when the city has no active alert', async () => {
    fakeAlertsServer({
      handler: (url) =>
        url.pathname === '/api/alerts' && url.searchParams.get('status') !== null
          ? jsonResponse([])
          : undefined,
    });
    openAlerts();
    expect(await screen.findByText('No Alerts Found')).toBeInTheDocument();
    expect(screen.getByText('All systems are operating normally.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows citizens plain words: no actions, workflow, history or sensor ids, and advice', async () => {
    const alerts = seedAlerts();
    alerts[0] = {
      ...alerts[0]!,
      rule: 'threshold',
      ...ruleFacts({
        kind: 'threshold',
        sensorType: 'traffic',
        value: 96,
        unit: '%',
        severity: 'critical',
        level: 90,
      }),
    };
    fakeAlertsServer({
      handler: (url) => (url.pathname === '/api/alerts' ? jsonResponse(alerts) : undefined),
    });
    openAlerts('/alerts', { auth: citizen });
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    for (const name of ['Acknowledge', 'Resolve', 'Dismiss']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByTestId('alert-history-toggle')).not.toBeInTheDocument();
    expect(screen.queryByTestId('alert-sensor')).not.toBeInTheDocument();
    expect(screen.queryByText('kolkata-traffic-howrah-bridge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('alerts-status-acknowledged')).not.toBeInTheDocument();
    expect(screen.queryByTestId('alerts-status-dismissed')).not.toBeInTheDocument();
    expect(screen.getByTestId('alerts-status-ended')).toHaveTextContent('Ended');
    const traffic = card('High traffic congestion at Howrah Bridge');
    expect(traffic.getByTestId('alert-severity')).toHaveTextContent('Severe');
    expect(traffic.getByTestId('alert-status')).toHaveTextContent('Active');
    expect(traffic.getByTestId('alert-advice')).toHaveTextContent(
      'Allow extra time, or take another route if you can.',
    );
  });

  it('offers each operator action the status allows', async () => {
    fakeAlertsServer();
    openAlerts();
    await waitFor(() => expect(cards()).toHaveLength(4));
    const open = card('Congestion at Howrah Bridge');
    expect(open.getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument();
    expect(open.getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    expect(open.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    const acknowledged = card('Bin almost full at Park Street');
    expect(acknowledged.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    expect(acknowledged.getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
  });

  it('sends the note with the action, confirms it, and shows the new status and history', async () => {
    const server = fakeAlertsServer();
    openAlerts();
    await waitFor(() => expect(cards()).toHaveLength(4));
    const target = card('Congestion at Howrah Bridge');
    await userEvent.click(target.getByRole('button', { name: 'Acknowledge' }));
    const note = target.getByRole('textbox', { name: 'Note (optional)' });
    expect(note).toHaveFocus();
    await userEvent.type(note, 'Traffic police informed');
    await userEvent.click(target.getByTestId('alert-action-submit'));

    expect(await screen.findByText('Alert acknowledged')).toBeInTheDocument();
    expect(server.posts).toEqual([
      { path: '/api/alerts/a1/acknowledge', body: { note: 'Traffic police informed' } },
    ]);
    await waitFor(() =>
      expect(card('Congestion at Howrah Bridge').getByTestId('alert-status')).toHaveTextContent(
        'Acknowledged',
      ),
    );
    await waitFor(() => expect(chipCount('alerts-status-open')).toBe(2));
    const updated = card('Congestion at Howrah Bridge');
    expect(updated.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    await userEvent.click(updated.getByTestId('alert-history-toggle'));
    await waitFor(() => expect(updated.getAllByTestId('alert-history-entry')).toHaveLength(2));
    const entry = updated.getAllByTestId('alert-history-entry')[1]!;
    expect(entry).toHaveTextContent('Acknowledged');
    expect(entry).toHaveTextContent('by System Operator');
    expect(entry).toHaveTextContent('Traffic police informed');
  });

  it('sends no note when none was written', async () => {
    const server = fakeAlertsServer();
    openAlerts();
    await waitFor(() => expect(cards()).toHaveLength(4));
    const target = card('Poor air at Gariahat');
    await userEvent.click(target.getByRole('button', { name: 'Resolve' }));
    await userEvent.type(target.getByRole('textbox', { name: 'Note (optional)' }), '   ');
    await userEvent.click(target.getByTestId('alert-action-submit'));
    expect(await screen.findByText('Alert resolved')).toBeInTheDocument();
    expect(server.posts).toEqual([{ path: '/api/alerts/a3/resolve', body: {} }]);
    // Resolved alerts leave the active list.
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it("shows the server's message when the action is refused (409)", async () => {
    const server = fakeAlertsServer();
    openAlerts();
    await waitFor(() => expect(cards()).toHaveLength(4));
    // Someone else acknowledged it meanwhile; this page has not heard yet.
    server.change('a1', { status: 'acknowledged' });
    const target = card('Congestion at Howrah Bridge');
    await userEvent.click(target.getByRole('button', { name: 'Acknowledge' }));
    await userEvent.click(target.getByTestId('alert-action-submit'));
    expect(await target.findByTestId('alert-action-error')).toHaveTextContent(
      'This alert is acknowledged and cannot be acknowledged; only open alerts can.',
    );
    expect(screen.queryByText('Alert acknowledged')).not.toBeInTheDocument();
    // The refusal refreshes the list, which now shows where the alert stands.
    await waitFor(() =>
      expect(card('Congestion at Howrah Bridge').getByTestId('alert-status')).toHaveTextContent(
        'Acknowledged',
      ),
    );
  });

  it('picks out the alert a notification links to and opens its history', async () => {
    fakeAlertsServer();
    openAlerts('/alerts?alert=a1');
    await waitFor(() => expect(cards()).toHaveLength(4));
    const target = cards().find((item) => item.getAttribute('data-alert-id') === 'a1')!;
    expect(target).toHaveAttribute('data-focused', 'true');
    await waitFor(() => expect(target).toHaveFocus());
    expect(await within(target).findByTestId('alert-history-entry')).toHaveTextContent('Raised');
    expect(within(target).getByTestId('alert-history-entry')).toHaveTextContent('by System');
    expect(cards().filter((item) => item.hasAttribute('data-focused'))).toHaveLength(1);
  });

  it('offers to show every alert when the linked one is outside the filters', async () => {
    fakeAlertsServer();
    openAlerts('/alerts?alert=a5');
    expect(await screen.findByTestId('alerts-focus-missing')).toHaveTextContent(
      'The alert you opened is not among the alerts shown.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show all alerts' }));
    await waitFor(() =>
      expect(cards().find((item) => item.getAttribute('data-alert-id') === 'a5')).toHaveAttribute(
        'data-focused',
        'true',
      ),
    );
    expect(screen.queryByTestId('alerts-focus-missing')).not.toBeInTheDocument();
  });

  it('follows live events: new alerts appear and changes show without reload', async () => {
    const server = fakeAlertsServer();
    const { sendLive } = openAlerts('/alerts');
    await waitFor(() => expect(cards()).toHaveLength(4));

    // Another operator acknowledges an alert: the status word changes at once.
    const acknowledged = server.change('a3', {
      status: 'acknowledged',
      acknowledgedBy: 'Admin User <admin@smartcity.local>',
      acknowledgedAt: new Date().toISOString(),
    });
    act(() => sendLive('alert:updated', acknowledged));
    await waitFor(() =>
      expect(card('Poor air at Gariahat').getByTestId('alert-status')).toHaveTextContent(
        'Acknowledged',
      ),
    );
    expect(card('Poor air at Gariahat').getByText(/Acknowledged by Admin User/)).toBeVisible();
    await waitFor(() => expect(chipCount('alerts-status-open')).toBe(2));

    // The rules raise a new alert: it appears, with the counts.
    const raised = testAlert({
      id: 'a9',
      title: 'Crowding at Sealdah Station',
      message: 'Footfall 12,000 per hour',
      severity: 'warning',
      status: 'open',
      sensorId: 'kolkata-population-sealdah-station',
      location: 'Sealdah Station',
      createdAt: new Date().toISOString(),
    });
    server.add(raised);
    act(() => sendLive('alert:created', raised));
    // Below the critical and high ones, above the older warning.
    await waitFor(() => expect(cardTitles()[3]).toBe('Crowding at Sealdah Station'));
    expect(cardTitles()[4]).toBe('Sensor offline at Maidan');
    await waitFor(() => expect(chipCount('alerts-status-active')).toBe(5));
    expect(card('Crowding at Sealdah Station').getByText('now')).toBeInTheDocument();
  });

  it('does not reload the list for a value-only live update', async () => {
    const server = fakeAlertsServer();
    const { sendLive } = openAlerts('/alerts');
    await waitFor(() => expect(cards()).toHaveLength(4));
    const requests = server.listRequests.length;
    const touched = server.change('a1', {
      message: 'Congestion 97 % (critical ≥ 90 %)',
      value: 97,
    });
    act(() => sendLive('alert:updated', touched));
    expect(
      await card('Congestion at Howrah Bridge').findByText('Congestion 97 % (critical ≥ 90 %)'),
    ).toBeInTheDocument();
    expect(server.listRequests.length).toBe(requests);
  });

  it('says when the alerts cannot be loaded, and tries again', async () => {
    let failing = true;
    fakeAlertsServer({
      handler: (url) =>
        failing && url.pathname === '/api/alerts'
          ? jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
          : undefined,
    });
    openAlerts();
    expect(await screen.findByText('The alerts could not be loaded.')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
  });
});
