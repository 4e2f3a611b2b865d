import type { AlarmKpis, Alert } from '@smart-city/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { testAlert } from '../../test/live-fixtures';
import { renderRoute, signedIn } from '../../test/render';

const TO = '2026-03-02T12:00:00.000Z';
const FROM = '2026-03-01T12:00:00.000Z';
const BUCKET_MS = 10 * 60_000;
const PEAK_AT = new Date(Date.parse(FROM) + 100 * BUCKET_MS).toISOString();

function figures(overrides: Partial<AlarmKpis> = {}): AlarmKpis {
  const buckets = Array.from({ length: 144 }, (_, i) => ({
    at: new Date(Date.parse(FROM) + i * BUCKET_MS).toISOString(),
    count: i === 100 ? 12 : i === 50 ? 2 : 0,
  }));
  return {
    city: 'kolkata',
    window: '24h',
    from: FROM,
    to: TO,
    announced: 14,
    suppressed: 3,
    rate: {
      averagePer10Min: 14 / 144,
      peakPer10Min: 12,
      peakAt: PEAK_AT,
      manageable: 1,
      overDemanding: 10,
      buckets,
    },
    floodShare: 0.0764,
    floodMinutes: 110,
    floodAlerts: 5,
    top: [
      {
        sensorId: 'kolkata-traffic-howrah-bridge',
        rule: 'threshold',
        location: 'Howrah Bridge',
        title: 'Congestion at Howrah Bridge',
        count: 9,
      },
      {
        sensorId: 'kolkata-waste-park-street',
        rule: 'offline',
        location: 'Park Street',
        title: 'Bin gone silent',
        count: 5,
      },
    ],
    standing: { count: 2, oldestAt: '2026-02-28T06:00:00.000Z', raisedBefore: FROM },
    shelvedNow: 1,
    chattering: { alerts: 4, sensors: 1 },
    ...overrides,
  };
}

/** The endpoints the page and the Alerts screen read; the figures' answer can be replaced. */
function fakeServer(
  options: { kpis?: (search: URLSearchParams) => Response; alerts?: Alert[] } = {},
) {
  const asked: URLSearchParams[] = [];
  const alertsAsked: URLSearchParams[] = [];
  stubFetch((raw) => {
    const { pathname, searchParams } = new URL(raw, 'http://localhost');
    if (pathname === '/api/cities') return Promise.resolve(jsonResponse(CITIES));
    if (pathname === '/api/alarm-kpis') {
      asked.push(searchParams);
      return Promise.resolve(
        options.kpis?.(searchParams) ??
          jsonResponse(figures({ window: searchParams.get('window') as '24h' | '7d' })),
      );
    }
    if (pathname === '/api/alerts') {
      alertsAsked.push(searchParams);
      return Promise.resolve(jsonResponse(options.alerts ?? []));
    }
    if (pathname === '/api/alerts/counts') {
      const n = options.alerts?.length ?? 0;
      return Promise.resolve(
        jsonResponse({
          bySeverity: { critical: 0, high: n, warning: 0, info: 0 },
          byStatus: { open: n, acknowledged: 0, resolved: 0, dismissed: 0 },
          shelved: 0,
          suppressed: 0,
        }),
      );
    }
    if (pathname === '/api/alert-groups') return Promise.resolve(jsonResponse([]));
    return Promise.resolve(
      jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
    );
  });
  return { asked, alertsAsked };
}

const asOperator = () => signedIn({ id: 'op-1', role: 'operator' });
const open = (path = '/alerts/kpis?city=kolkata', auth = asOperator()) =>
  renderRoute(path, { auth });
const hrefOf = (testId: string) =>
  new URL(screen.getByTestId(`${testId}-link`).getAttribute('href')!, 'http://localhost');

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the Alarm KPIs screen', () => {
  it('shows each figure against EEMUA 191, with a link to the alerts behind it', async () => {
    const server = fakeServer();
    open();
    expect(await screen.findByTestId('kpi-average-value')).toHaveTextContent('0.1');
    expect(server.asked[0]!.get('city')).toBe('kolkata');
    expect(server.asked[0]!.get('window')).toBe('24h');
    const average = within(screen.getByTestId('kpi-average'));
    expect(average.getByTestId('kpi-verdict')).toHaveTextContent('Manageable');
    expect(average.getByText('14 alerts announced · Last 24 hours')).toBeInTheDocument();
    const peak = within(screen.getByTestId('kpi-peak'));
    expect(peak.getByTestId('kpi-peak-value')).toHaveTextContent('12');
    expect(peak.getByTestId('kpi-verdict')).toHaveTextContent('Over-demanding');
    expect(screen.getByTestId('kpi-flood-value')).toHaveTextContent('7.6%');
    expect(screen.getByTestId('kpi-standing-value')).toHaveTextContent('2');
    expect(screen.getByTestId('kpi-shelved-value')).toHaveTextContent('1');
    expect(screen.getByTestId('kpi-chattering-value')).toHaveTextContent('4');
    expect(screen.getByTestId('kpi-suppressed-value')).toHaveTextContent('3');
    expect(screen.getByTestId('kpi-method')).toHaveTextContent(
      'the alert console of one city (Kolkata) counts as one operator position',
    );

    const query = (testId: string) => Object.fromEntries(hrefOf(testId).searchParams);
    expect(hrefOf('kpi-average').pathname).toBe('/alerts');
    expect(query('kpi-average')).toEqual({ status: 'announced', from: FROM, to: TO });
    expect(query('kpi-peak')).toEqual({
      status: 'announced',
      from: PEAK_AT,
      to: new Date(Date.parse(PEAK_AT) + BUCKET_MS).toISOString(),
    });
    expect(query('kpi-flood')).toEqual({
      status: 'announced',
      from: FROM,
      to: TO,
      grouped: 'true',
    });
    expect(query('kpi-standing')).toEqual({ status: 'active', raisedBefore: FROM });
    expect(query('kpi-shelved')).toEqual({ status: 'shelved' });
    expect(query('kpi-chattering')).toEqual({
      status: 'announced',
      from: FROM,
      to: TO,
      chattering: 'true',
    });
    expect(query('kpi-suppressed')).toEqual({ status: 'suppressed', from: FROM, to: TO });

    const top = screen.getAllByTestId('kpi-top-link');
    expect(top).toHaveLength(2);
    expect(top[0]).toHaveTextContent('Howrah Bridge');
    expect(top[0]).toHaveTextContent('9 times');
    expect(top[1]).toHaveTextContent('gone silent');
    expect(
      Object.fromEntries(new URL(top[0]!.getAttribute('href')!, 'http://x').searchParams),
    ).toEqual({
      status: 'announced',
      from: FROM,
      to: TO,
      sensorId: 'kolkata-traffic-howrah-bridge',
      rule: 'threshold',
    });
    expect(await screen.findByTestId('alarm-rate-chart')).toBeInTheDocument();
  });

  it('is offered to operators in the navigation, after Alerts', async () => {
    fakeServer();
    open();
    await screen.findByTestId('kpi-average-value');
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent?.trim());
    expect(names.slice(names.indexOf('Alerts'), names.indexOf('Alerts') + 2)).toEqual([
      'Alerts',
      'Alarm KPIs',
    ]);
    expect(within(nav).getByRole('link', { name: 'Alarm KPIs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: /^Alerts/ })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('keeps the window in the address and asks for it', async () => {
    const server = fakeServer();
    const { router } = open();
    await screen.findByTestId('kpi-average-value');
    await userEvent.click(screen.getByTestId('kpi-window-7d'));
    await waitFor(() => expect(server.asked.at(-1)!.get('window')).toBe('7d'));
    expect(new URLSearchParams(router.state.location.search).get('window')).toBe('7d');
    expect(screen.getByTestId('kpi-window-7d')).toHaveAttribute('aria-pressed', 'true');
  });

  it('chooses the city the address names, and writes the chosen city into it', async () => {
    const server = fakeServer();
    const { router } = open('/alerts/kpis?city=kharagpur&window=7d');
    await screen.findByTestId('kpi-average-value');
    expect(server.asked.every((s) => s.get('city') === 'kharagpur')).toBe(true);
    expect(server.asked[0]!.get('window')).toBe('7d');
    await waitFor(() => expect(screen.getByTestId('kpi-city')).toHaveValue('kharagpur'));
    await userEvent.selectOptions(screen.getByTestId('kpi-city'), 'kolkata');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('city')).toBe('kolkata'),
    );
    await waitFor(() => expect(server.asked.at(-1)!.get('city')).toBe('kolkata'));
  });

  it('says when the window had no alerts', async () => {
    fakeServer({
      kpis: () =>
        jsonResponse(
          figures({
            announced: 0,
            rate: { ...figures().rate, averagePer10Min: 0, peakPer10Min: 0, peakAt: null },
            top: [],
          }),
        ),
    });
    open();
    expect(await screen.findByTestId('kpi-empty')).toHaveTextContent('No alerts in this window');
    expect(screen.queryByTestId('kpi-top')).not.toBeInTheDocument();
    // No busiest 10 minutes to link to.
    expect(screen.queryByTestId('kpi-peak-link')).not.toBeInTheDocument();
    expect(screen.getByTestId('kpi-standing-link')).toBeInTheDocument();
  });

  it('says when the figures cannot be loaded, and tries again', async () => {
    let fail = true;
    fakeServer({
      kpis: () =>
        fail
          ? jsonResponse({ error: { code: 'internal', message: 'Down' } }, 500)
          : jsonResponse(figures()),
    });
    open();
    expect(await screen.findByTestId('kpi-load-failed', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(screen.getByTestId('kpi-load-failed')).getByRole('button'));
    expect(await screen.findByTestId('kpi-average-value')).toBeInTheDocument();
  });

  it('refuses citizens', async () => {
    const server = fakeServer();
    open('/alerts/kpis', signedIn({ role: 'citizen' }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(server.asked).toHaveLength(0);
  });

  it('follows a figure to the alerts list, which says how it is filtered and can clear it', async () => {
    const server = fakeServer({
      alerts: [testAlert({ id: 'c1', title: 'Chattering bin', chattering: true })],
    });
    const { router } = open();
    await userEvent.click(await screen.findByTestId('kpi-chattering-link'));
    expect(await screen.findByText('Chattering bin')).toBeInTheDocument();
    const asked = server.alertsAsked.at(-1)!;
    expect(Object.fromEntries(asked)).toMatchObject({
      city: 'kolkata',
      status: 'announced',
      from: FROM,
      to: TO,
      chattering: 'true',
    });
    const chip = screen.getByTestId('alerts-narrowed');
    expect(chip).toHaveTextContent('Filtered:');
    expect(chip).toHaveTextContent('chattering');
    await userEvent.click(within(chip).getByRole('button', { name: /Clear these filters/ }));
    await waitFor(() => expect(screen.queryByTestId('alerts-narrowed')).not.toBeInTheDocument());
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('chattering')).toBeNull();
    expect(search.get('from')).toBeNull();
    await waitFor(() => expect(server.alertsAsked.at(-1)!.get('chattering')).toBeNull());
  });
});
