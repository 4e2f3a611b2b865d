import type { HomeSummary, Notice, Role } from '@smart-city/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import { minutesAgo } from '../../test/clock';
import { jsonResponse, requestedUrls, stubFetch } from '../../test/fetch-stub';
import { testAlert } from '../../test/live-fixtures';
import { createTestQueryClient, renderRoute, signedIn } from '../../test/render';
import { CitizenHome } from './citizen-home';
import { DashboardPage } from './dashboard-page';
import { HOME_EVENT_DELAY_MS, homeLive } from './home.live';

vi.mock('../../components/sensor-map/sensor-map', () => ({
  preloadSensorMap: () => undefined,
  SensorMap: () => <p data-testid="sensor-map-stub" />,
}));

function summary(overrides: Partial<HomeSummary> = {}): HomeSummary {
  return {
    city: 'kolkata',
    area: { key: 'salt-lake', name: 'Salt Lake' },
    generatedAt: '2026-11-21T10:05:00.000Z',
    air: { scope: 'area', aqi: 127, band: 'unhealthy-sensitive', sensors: 3 },
    water: { scope: 'city', meters: 4, low: 1 },
    traffic: {
      scope: 'area',
      junctions: 5,
      hotSpots: [
        { place: 'Ultadanga', congestion: 91, level: 'very-heavy' },
        { place: 'Chingrighata', congestion: 72, level: 'heavy' },
        { place: 'Bidhannagar', congestion: 30, level: 'light' },
      ],
    },
    alerts: {
      scope: 'area',
      total: 3,
      cityTotal: 5,
      items: [
        {
          kind: 'traffic',
          severity: 'critical',
          place: 'Ultadanga',
          since: minutesAgo(4),
          value: 94,
        },
        {
          kind: 'air_quality',
          severity: 'warning',
          place: 'Bidhannagar',
          since: minutesAgo(20),
          value: 160,
        },
      ],
    },
    notices: [
      {
        id: 'n-1',
        title: 'Water supply pause in Salt Lake',
        publishedAt: '2026-11-21T08:00:00.000Z',
      },
    ],
    emergencyNumbers: [
      { number: '112', kind: 'all', primary: true },
      { number: '100', kind: 'police', primary: false },
      { number: '1098', kind: 'child', primary: false },
    ],
    ...overrides,
  };
}

const NOTICE: Notice = {
  id: 'n-2',
  title: 'Ward meeting on Sunday',
  content: 'Residents are welcome.',
  imageUrl: null,
  videoUrl: null,
  linkUrl: null,
  author: 'Admin User',
  createdAt: '2026-11-21T09:00:00.000Z',
};

function stubHome(answer: () => Response) {
  return stubFetch(async (url) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/cities') return jsonResponse(CITIES);
    if (pathname === '/api/home') return answer();
    if (pathname === '/api/analytics/overview')
      return jsonResponse({
        city: 'kolkata',
        generatedAt: '2026-11-21T10:05:00.000Z',
        metrics: [],
      });
    if (pathname === '/api/alerts') return jsonResponse([testAlert({ status: 'acknowledged' })]);
    if (pathname === '/api/notices') return jsonResponse({ data: [NOTICE] });
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
}

function openHome(area: string | null = 'salt-lake') {
  const queryClient = createTestQueryClient();
  const rendered = renderRoute('/dashboard', {
    auth: signedIn({ role: 'citizen', area: area as never }),
    queryClient,
    routes: [{ path: '/dashboard', element: <CitizenHome /> }],
  });
  return { ...rendered, queryClient };
}

/** Words of the operators' workflow and models, and sensor ids, which residents never see. */
const JARGON = /\b(Open|Acknowledged|Resolved|Dismissed|MAE|MAPE|sensor_\d+|kolkata-[a-z-]+)\b/;

afterEach(() => vi.useRealTimers());

describe('CitizenHome', () => {
  it('says what affects the citizen now in plain words, with the numbers to call', async () => {
    stubHome(() => jsonResponse(summary()));
    openHome();
    const panel = await screen.findByTestId('home-air');
    expect(within(panel).getByTestId('home-aqi')).toHaveTextContent('AQI 127');
    expect(within(panel).getByTestId('home-aqi-band')).toHaveTextContent(
      'Unhealthy for Sensitive Groups',
    );
    expect(within(panel).getByTestId('home-aqi-advice')).toHaveTextContent(
      'Members of sensitive groups may experience health effects.',
    );
    expect(screen.getByTestId('home-scope')).toHaveTextContent('In and around Salt Lake, Kolkata');
    expect(screen.getByTestId('home-water-status')).toHaveTextContent(
      'Low flow at 1 of 4 supply points.',
    );
    // Water is measured elsewhere than Salt Lake: the tile says it speaks for the city.
    expect(screen.getByTestId('home-water')).toHaveTextContent('For all of Kolkata');
    expect(screen.getByTestId('home-air')).not.toHaveTextContent('For all of');
    const spots = screen.getAllByTestId('home-hot-spot');
    expect(spots.map((s) => s.textContent)).toEqual([
      'UltadangaVery heavy',
      'ChingrighataHeavy',
      'BidhannagarLight',
    ]);
    const alerts = screen.getAllByTestId('home-alert');
    expect(alerts[0]).toHaveTextContent('Heavy traffic at Ultadanga');
    expect(alerts[0]).toHaveTextContent('Severe');
    expect(alerts[0]).toHaveTextContent('4 minutes ago');
    expect(alerts[1]).toHaveTextContent('Poor air at Bidhannagar');
    expect(screen.getByTestId('home-alerts')).toHaveTextContent('and 1 more');
    expect(screen.getByTestId('home-alerts')).toHaveTextContent('2 more elsewhere in Kolkata.');
    expect(screen.getByRole('link', { name: 'Water supply pause in Salt Lake' })).toHaveAttribute(
      'href',
      '/announcements/n-1',
    );
    expect(screen.getByRole('link', { name: 'Call 112: Any emergency' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    expect(screen.getByRole('link', { name: 'Call 1098: Child helpline' })).toHaveAttribute(
      'href',
      'tel:1098',
    );
    expect(screen.getByTestId('citizen-home').textContent).not.toMatch(JARGON);
  });

  it.each([
    [0, 'Good', 'Air quality is satisfactory'],
    [50, 'Good', 'Air quality is satisfactory'],
    [51, 'Moderate', 'Air quality is acceptable.'],
    [100, 'Moderate', 'Air quality is acceptable.'],
    [101, 'Unhealthy for Sensitive Groups', 'Members of sensitive groups'],
    [150, 'Unhealthy for Sensitive Groups', 'Members of sensitive groups'],
    [151, 'Unhealthy', 'Some members of the general public'],
    [200, 'Unhealthy', 'Some members of the general public'],
    [201, 'Very Unhealthy', 'Health alert:'],
    [300, 'Very Unhealthy', 'Health alert:'],
    [301, 'Hazardous', 'Health warning of emergency conditions'],
    [500, 'Hazardous', 'Health warning of emergency conditions'],
  ])('calls AQI %d %s, with the EPA advice', async (aqi, band, advice) => {
    stubHome(() =>
      jsonResponse(summary({ air: { scope: 'area', aqi, band: 'good', sensors: 1 } })),
    );
    openHome();
    expect(await screen.findByTestId('home-aqi-band')).toHaveTextContent(new RegExp(`^${band}$`));
    expect(screen.getByTestId('home-aqi-advice')).toHaveTextContent(advice);
  });

  it('invites a citizen without an area to choose one, and speaks for the whole city', async () => {
    stubHome(() =>
      jsonResponse(
        summary({
          area: null,
          air: { scope: 'city', aqi: null, band: null, sensors: 0 },
          water: { scope: 'city', meters: 4, low: 0 },
          traffic: { scope: 'city', junctions: 0, hotSpots: [] },
          alerts: { scope: 'city', total: 0, cityTotal: 0, items: [] },
          notices: [],
        }),
      ),
    );
    openHome(null);
    expect(await screen.findByTestId('home-scope')).toHaveTextContent('Across Kolkata');
    expect(screen.getByRole('link', { name: 'Choose your area' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByTestId('home-air')).toHaveTextContent('No air readings right now.');
    expect(screen.getByTestId('home-water-status')).toHaveTextContent('Water is flowing normally.');
    expect(screen.getByTestId('home-traffic')).toHaveTextContent('No traffic readings right now.');
    expect(screen.getByTestId('home-alerts')).toHaveTextContent(
      'Nothing to worry about in Kolkata right now.',
    );
    expect(screen.getByTestId('home-notices')).toHaveTextContent('No notices yet.');
  });

  it('calls bins overflowing only past the overflow level, and nearly full before it', async () => {
    const bin = (place: string, value: number) => ({
      kind: 'waste' as const,
      severity: 'high' as const,
      place,
      since: minutesAgo(3),
      value,
    });
    stubHome(() =>
      jsonResponse(
        summary({
          alerts: {
            scope: 'city',
            total: 2,
            cityTotal: 2,
            items: [bin('Gariahat', 99), bin('Park Street', 91)],
          },
        }),
      ),
    );
    openHome();
    const alerts = await screen.findAllByTestId('home-alert');
    expect(alerts[0]).toHaveTextContent('Bins overflowing at Gariahat');
    expect(alerts[1]).toHaveTextContent('Bins nearly full at Park Street');
    expect(alerts[1]).not.toHaveTextContent('overflowing');
  });

  it('says when an area chosen is in another city', async () => {
    stubHome(() => jsonResponse(summary({ area: null })));
    openHome('harlem');
    expect(await screen.findByText(/Your area, Harlem, is in another city/)).toBeVisible();
    expect(screen.queryByTestId('home-choose-area')).toBeNull();
  });

  it('shows an error with Retry, then the answer', async () => {
    let calls = 0;
    stubHome(() =>
      ++calls === 1
        ? jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
        : jsonResponse(summary()),
    );
    openHome();
    const error = await screen.findByTestId('home-error');
    expect(error).toHaveTextContent('What affects you now could not be loaded.');
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('home-aqi')).toHaveTextContent('AQI 127');
  });

  it('is asked again once after a burst of alerts in its city, and after a notice', async () => {
    const fetchSpy = stubHome(() => jsonResponse(summary()));
    const { queryClient } = openHome();
    await screen.findByTestId('home-aqi');
    const homeCalls = () => requestedUrls(fetchSpy).filter((u) => u.startsWith('/api/home')).length;
    expect(homeCalls()).toBe(1);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const context = { queryClient, city: 'kolkata' as const };
    act(() => {
      for (let i = 0; i < 5; i++)
        homeLive.handlers['alert:created']!(testAlert({ id: `a${i}` }), context);
      homeLive.handlers['alert:updated']!(testAlert({ city: 'new-york' }), context);
    });
    await act(() => vi.advanceTimersByTimeAsync(HOME_EVENT_DELAY_MS));
    await waitFor(() => expect(homeCalls()).toBe(2));

    act(() => homeLive.handlers['notice:created']!(NOTICE, context));
    await act(() => vi.advanceTimersByTimeAsync(HOME_EVENT_DELAY_MS));
    await waitFor(() => expect(homeCalls()).toBe(3));
  });
});

describe("the dashboard's panel", () => {
  function openDashboard(role: Role) {
    return renderRoute('/dashboard', {
      auth: signedIn({ role }),
      queryClient: createTestQueryClient(),
      routes: [{ path: '/dashboard', element: <DashboardPage /> }],
    });
  }

  it("leads a citizen's dashboard, with the city figures after it", async () => {
    stubHome(() => jsonResponse(summary()));
    openDashboard('citizen');
    const panel = await screen.findByTestId('citizen-home');
    const figures = await screen.findByTestId('city-figures-heading');
    const cards = screen.getByTestId('metric-cards');
    expect(panel.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(figures.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(figures).getByRole('heading', { name: 'Kolkata in figures' })).toBeVisible();
    expect(screen.getAllByRole('heading', { name: 'City figures' })).toHaveLength(1);
  });

  it.each(['operator', 'admin'] as const)('is not on the dashboard of an %s', async (role) => {
    const fetchSpy = stubHome(() => jsonResponse(summary()));
    openDashboard(role);
    await screen.findByTestId('metric-cards');
    expect(screen.queryByTestId('citizen-home')).toBeNull();
    expect(requestedUrls(fetchSpy).some((u) => u.startsWith('/api/home'))).toBe(false);
  });
});
