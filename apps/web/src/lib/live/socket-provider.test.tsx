import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  FALLBACK_INTERVAL_MS,
  LIVE_PATH,
  LIVE_PROTOCOL_MISMATCH,
  LIVE_PROTOCOL_VERSION,
} from '@smart-city/shared';
import type { Alert, NotificationPreferences, Sensor, Stats } from '@smart-city/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../../components/app-toaster';
import { CITIES } from '../../test/city-fixtures';
import { FakeSocket } from '../../test/fake-socket';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { testAlert, testSensor } from '../../test/live-fixtures';
import { createTestQueryClient, signedIn, signedOut, testUser } from '../../test/render';
import { recentAlertsLive } from '../alerts/recent-alerts.live';
import { useNotificationPreferences } from '../auth/preferences-query';
import { AuthContext } from '../auth/auth-context';
import type { AuthContextValue } from '../auth/auth-types';
import { CityProvider, useCity } from '../city/city-context';
import { noticesLive } from '../notices/notices.live';
import { sensorsLive } from '../sensors/sensors.live';
import { statsLive } from '../stats/stats.live';
import type { LiveModule } from './live-module';
import { FIRST_CONNECTION_GRACE_MS } from './live-state';
import { SERVER_CLOSE_RETRY_MS, SocketProvider } from './socket-provider';
import { useSocket } from './use-socket';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));

const STATS: Stats = {
  totalSensors: 2,
  activeSensors: 2,
  alerts: 1,
  criticalAlerts: 1,
  lastUpdate: '2026-11-21T10:00:00.000Z',
};

interface CityData {
  sensors: Sensor[];
  alerts: Alert[];
  stats: Stats;
}

const KOLKATA: CityData = {
  sensors: [testSensor()],
  alerts: [testAlert({ id: 'snapshot-alert', title: 'From the snapshot' })],
  stats: STATS,
};

const NEW_YORK: CityData = {
  sensors: [testSensor({ id: 'ny-traffic-01', city: 'new-york', location: 'Times Square' })],
  alerts: [],
  stats: { ...STATS, totalSensors: 1, alerts: 0, criticalAlerts: 0 },
};

let socket: FakeSocket;
let requests: string[];
/** Holds the next alerts answer until the test releases it. */
let holdAlerts: Promise<void> | null;
let preferences: NotificationPreferences;
let sessionAlive: boolean;

function cityOf(url: string): CityData {
  return url.includes('city=new-york') ? NEW_YORK : KOLKATA;
}

beforeEach(() => {
  socket = new FakeSocket();
  vi.mocked(io).mockReset();
  vi.mocked(io).mockImplementation((() => socket) as unknown as typeof io);
  requests = [];
  holdAlerts = null;
  preferences = DEFAULT_NOTIFICATION_PREFERENCES;
  sessionAlive = true;
  stubFetch(async (url) => {
    requests.push(url);
    const path = url.split('?')[0];
    if (path === '/api/cities') return jsonResponse(CITIES);
    if (path === '/api/sensors') {
      const { sensors } = cityOf(url);
      return jsonResponse({ items: sensors, nextCursor: null, total: sensors.length });
    }
    if (path === '/api/alerts') {
      if (holdAlerts) await holdAlerts;
      return jsonResponse(cityOf(url).alerts);
    }
    if (path === '/api/stats') return jsonResponse(cityOf(url).stats);
    if (path === '/api/profile/preferences')
      return jsonResponse({ notifications: preferences, language: null });
    if (path === '/api/auth/get-session') {
      return jsonResponse(
        sessionAlive
          ? {
              session: { id: 'session-1', expiresAt: '2099-01-01T00:00:00.000Z' },
              user: { id: testUser().id, email: testUser().email },
            }
          : null,
      );
    }
    if (path === '/api/profile') return jsonResponse(testUser());
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
});

afterEach(() => {
  vi.mocked(io).mockReset();
});

function Probe() {
  const live = useSocket();
  const { selectCity } = useCity();
  return (
    <>
      <output data-testid="live">
        {JSON.stringify({
          connection: live.connection,
          city: live.city,
          alerts: live.alerts.map((alert) => alert.id),
          sensors: Object.keys(live.sensors).sort(),
          values: Object.fromEntries(
            Object.values(live.sensors).map((sensor) => [sensor.id, sensor.value]),
          ),
          simulated: live.simulated,
          stats: live.stats,
        })}
      </output>
      <button type="button" onClick={() => selectCity('new-york')}>
        New York
      </button>
    </>
  );
}

const MODULES: readonly LiveModule[] = [sensorsLive, statsLive, recentAlertsLive, noticesLive];

/** What the header does for the toasts: it loads the person's notification switches. */
function PreferencesLoader() {
  useNotificationPreferences();
  return null;
}

function Harness({
  auth,
  modules = MODULES,
  client,
  children,
}: {
  auth: AuthContextValue;
  modules?: readonly LiveModule[];
  client?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => client ?? createTestQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <CityProvider>
        <AuthContext value={auth}>
          <SocketProvider modules={modules} random={() => 0.5}>
            {children}
            <AppToaster />
          </SocketProvider>
        </AuthContext>
      </CityProvider>
    </QueryClientProvider>
  );
}

/** The probe shows only while signed in, as the signed-in screens do behind the route guard. */
function renderProvider(
  auth: AuthContextValue = signedIn(),
  options: { modules?: readonly LiveModule[] } = {},
) {
  const client = createTestQueryClient();
  const tree = (current: AuthContextValue) => (
    <Harness auth={current} modules={options.modules} client={client}>
      {current.status === 'authenticated' ? (
        <>
          <PreferencesLoader />
          <Probe />
        </>
      ) : null}
    </Harness>
  );
  const result = render(tree(auth));
  return {
    ...result,
    client,
    setAuth: (next: AuthContextValue) => result.rerender(tree(next)),
  };
}

function live() {
  return JSON.parse(screen.getByTestId('live').textContent ?? '{}') as {
    connection: string;
    city: string | null;
    alerts: string[];
    sensors: string[];
    values: Record<string, number | null>;
    simulated: boolean;
    stats: (Stats & { simulated: boolean }) | null;
  };
}

async function connect() {
  act(() => socket.acceptConnection());
  await waitFor(() => expect(live().alerts).toEqual(['snapshot-alert']));
  await waitFor(() => expect(live().stats).not.toBeNull());
}

function requestsFor(path: string): string[] {
  return requests.filter((url) => url.split('?')[0] === path);
}

describe('SocketProvider', () => {
  it('makes no connection while signed out', () => {
    renderProvider(signedOut);
    expect(io).not.toHaveBeenCalled();
  });

  it('connects over /live with the session cookie and its protocol version once signed in', () => {
    renderProvider();
    expect(io).toHaveBeenCalledTimes(1);
    expect(io).toHaveBeenCalledWith({
      path: LIVE_PATH,
      transports: ['websocket', 'polling'],
      withCredentials: true,
      autoConnect: false,
      auth: { protocol: LIVE_PROTOCOL_VERSION },
    });
    expect(socket.connectCalls).toBe(1);
    expect(live().connection).toBe('connecting');
  });

  it('says it is connecting, not offline, for up to 3 s while the first connection is made', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      renderProvider();
      act(() => {
        vi.advanceTimersByTime(FIRST_CONNECTION_GRACE_MS - 1);
      });
      expect(live()).toMatchObject({ connection: 'connecting', simulated: false });
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(live().connection).toBe('disconnected');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so once connected, subscribes to the city and fetches its data again', async () => {
    renderProvider();
    await waitFor(() => expect(live().alerts).toEqual(['snapshot-alert']));
    const before = requestsFor('/api/sensors').length;
    await connect();
    expect(await screen.findByText('Real-time connection established')).toBeInTheDocument();
    expect(socket.sentEvents('subscribe')).toEqual([{ city: 'kolkata' }]);
    expect(requests).toContain('/api/alerts?city=kolkata&limit=50');
    // What happened before the subscription took effect is fetched once it has.
    await waitFor(() => expect(requestsFor('/api/sensors').length).toBe(before + 1));
    expect(live()).toMatchObject({
      connection: 'connected',
      city: 'kolkata',
      sensors: ['kol-traffic-01'],
      stats: { ...STATS, simulated: false },
    });
  });

  it('applies live events after the snapshot', async () => {
    renderProvider();
    await connect();
    act(() => {
      socket.serverSends('readings', {
        city: 'kolkata',
        readings: [
          {
            sensorId: 'kol-traffic-01',
            value: 81,
            unit: '%',
            timestamp: '2026-11-21T10:00:05.000Z',
          },
        ],
      });
      socket.serverSends('alert:deleted', { id: 'snapshot-alert', city: 'kolkata' });
    });
    await waitFor(() => expect(live().values['kol-traffic-01']).toBe(81));
    expect(live().alerts).toEqual([]);
  });

  it('drops a malformed or unknown message with a warning, and goes on with the next one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderProvider();
    await connect();
    act(() => {
      socket.serverSendsRaw('readings', {
        city: 'kolkata',
        readings: [{ sensorId: 'kol-traffic-01', value: 'ninety', unit: '%' }],
      });
      socket.serverSendsRaw('alert:created', { id: 'half-an-alert' });
      socket.serverSendsRaw('weather:changed', { city: 'kolkata' });
      socket.serverSendsRaw('stats');
      // A well-formed message after them still arrives.
      socket.serverSends('alert:created', testAlert({ id: 'whole-alert', severity: 'info' }));
    });
    await waitFor(() => expect(live().alerts).toEqual(['whole-alert', 'snapshot-alert']));
    expect(live().values['kol-traffic-01']).toBe(40);
    expect(live().stats).toMatchObject(STATS);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      'A live message was dropped:',
      'A live message was dropped:',
      'A live message was dropped:',
      'A live message was dropped:',
    ]);
    expect(String(warn.mock.calls[2]![1])).toContain('unknown live event "weather:changed"');
  });

  it('keeps the other modules going when one handler throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: LiveModule = {
      name: 'broken',
      handlers: {
        readings: () => {
          throw new Error('boom');
        },
      },
    };
    renderProvider(signedIn(), { modules: [broken, ...MODULES] });
    await connect();
    act(() =>
      socket.serverSends('readings', {
        city: 'kolkata',
        readings: [
          {
            sensorId: 'kol-traffic-01',
            value: 66,
            unit: '%',
            timestamp: '2026-11-21T10:01:00.000Z',
          },
        ],
      }),
    );
    await waitFor(() => expect(live().values['kol-traffic-01']).toBe(66));
    expect(error).toHaveBeenCalledWith(
      'The broken live handler failed on "readings"',
      expect.any(Error),
    );
  });

  it('asks for a reload, without retrying or toasting, when the server speaks a newer protocol', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderProvider();
    act(() => socket.failAttempt(LIVE_PROTOCOL_MISMATCH, true));
    expect(live().connection).toBe('outdated');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('Failed to establish real-time connection')).not.toBeInTheDocument();
    expect(requestsFor('/api/auth/get-session')).toEqual([]);
    expect(socket.connectCalls).toBe(1);
  });

  it('toasts only once after set-up fails, and logs it as a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderProvider();
    act(() => {
      socket.failAttempt('xhr poll error');
      socket.failAttempt('xhr poll error');
    });
    expect(await screen.findByText('Failed to establish real-time connection')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to establish real-time connection')).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(live().connection).toBe('disconnected');
  });

  it('shows a drop after connecting as the connection state, not as a set-up failure', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderProvider();
    await connect();
    act(() => {
      socket.drop();
      socket.failAttempt('websocket error');
    });
    expect(live().connection).toBe('disconnected');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('Failed to establish real-time connection')).not.toBeInTheDocument();
  });

  it('tries again after a pause when the server closes the socket', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderProvider();
    act(() => socket.acceptConnection());
    act(() => socket.serverCloses());
    expect(live().connection).toBe('disconnected');
    expect(socket.connectCalls).toBe(1);
    act(() => {
      vi.advanceTimersByTime(SERVER_CLOSE_RETRY_MS);
    });
    expect(socket.connectCalls).toBe(2);
    act(() => socket.serverCloses());
    act(() => {
      vi.advanceTimersByTime(SERVER_CLOSE_RETRY_MS);
    });
    expect(socket.connectCalls).toBe(2);
    act(() => {
      vi.advanceTimersByTime(SERVER_CLOSE_RETRY_MS);
    });
    expect(socket.connectCalls).toBe(3);
  });

  it('reports a refused handshake as a failure while the session is still valid', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    sessionAlive = true;
    const refresh = vi.fn(() => Promise.resolve());
    renderProvider(signedIn({}, { refresh }));
    act(() => socket.failAttempt('unauthorized', true));
    expect(await screen.findByText('Failed to establish real-time connection')).toBeInTheDocument();
  });

  it('signs out instead of failing when the handshake is refused because the session ended', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    sessionAlive = false;
    const refresh = vi.fn(() => Promise.resolve());
    renderProvider(signedIn({}, { refresh }));
    act(() => socket.failAttempt('unauthorized', true));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Failed to establish real-time connection')).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
  });

  it('disconnects, forgets the city data and logs nothing on sign-out', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const { setAuth, client } = renderProvider();
    await connect();
    setAuth(signedOut);
    expect(socket.disconnectCalls).toBe(1);
    expect(socket.anyListenerCount()).toBe(0);
    const cached = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey[0]);
    expect(cached).not.toContain('sensors');
    expect(cached).not.toContain('alerts');
    expect(cached).not.toContain('stats');
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('disconnects when the provider unmounts', async () => {
    const { unmount } = renderProvider();
    await connect();
    unmount();
    expect(socket.disconnectCalls).toBe(1);
  });

  it('moves the subscription when the city changes', async () => {
    renderProvider();
    await connect();
    await userEvent.click(screen.getByRole('button', { name: 'New York' }));
    await waitFor(() => expect(live().city).toBe('new-york'));
    expect(socket.sent.map((message) => [message.event, message.payload])).toEqual([
      ['subscribe', { city: 'kolkata' }],
      ['unsubscribe', { city: 'kolkata' }],
      ['subscribe', { city: 'new-york' }],
    ]);
    expect(live()).toMatchObject({ sensors: ['ny-traffic-01'], alerts: [] });
  });

  it('fetches again on reconnect, and applies on top what arrived meanwhile', async () => {
    renderProvider();
    await connect();
    expect(await screen.findByText('Real-time connection established')).toBeInTheDocument();
    act(() => toast.remove());
    act(() => socket.drop());
    expect(live().connection).toBe('disconnected');

    let release = () => {};
    holdAlerts = new Promise<void>((resolve) => {
      release = resolve;
    });
    KOLKATA.alerts = [
      testAlert({ id: 'missed-while-away' }),
      testAlert({ id: 'snapshot-alert', title: 'From the snapshot' }),
    ];
    try {
      act(() => socket.acceptConnection());
      expect(socket.sentEvents('subscribe')).toEqual([{ city: 'kolkata' }, { city: 'kolkata' }]);
      // Arrives while the alerts are loading again: shown at once, and kept on top of the answer.
      await waitFor(() => expect(requestsFor('/api/alerts')).toHaveLength(2));
      act(() =>
        socket.serverSends('alert:created', testAlert({ id: 'during-resync', severity: 'info' })),
      );
      await waitFor(() => expect(live().alerts).toEqual(['during-resync', 'snapshot-alert']));
      release();
      await waitFor(() =>
        expect(live().alerts).toEqual(['during-resync', 'missed-while-away', 'snapshot-alert']),
      );
      // One toast per sign-in: the reconnect is shown by the connection status, not a new toast.
      expect(screen.queryByText('Real-time connection established')).not.toBeInTheDocument();
    } finally {
      KOLKATA.alerts = [testAlert({ id: 'snapshot-alert', title: 'From the snapshot' })];
    }
  });

  it('toasts new critical and high alerts of the city', async () => {
    renderProvider();
    await connect();
    act(() => {
      socket.serverSends(
        'alert:created',
        testAlert({ id: 'c1', title: 'Flooding at Park Street' }),
      );
      socket.serverSends(
        'alert:created',
        testAlert({ id: 'h1', severity: 'high', title: 'AQI 160 at Esplanade' }),
      );
      socket.serverSends(
        'alert:created',
        testAlert({ id: 'w1', severity: 'warning', title: 'Bin 80% full' }),
      );
    });
    expect(await screen.findByText('Critical Alert: Flooding at Park Street')).toBeInTheDocument();
    expect(screen.getByText('High Priority Alert: AQI 160 at Esplanade')).toBeInTheDocument();
    expect(screen.queryByText(/Bin 80% full/)).not.toBeInTheDocument();
  });

  it('toasts an alert escalated in place to critical or high as if it were new, once', async () => {
    renderProvider();
    await connect();
    const raised = testAlert({
      id: 'aq',
      severity: 'warning',
      rule: 'threshold',
      title: 'Poor air quality at Esplanade',
      message: 'AQI 127 (warning ≥ 100)',
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    });
    act(() => socket.serverSends('alert:created', raised));
    await waitFor(() => expect(live().alerts).toContain('aq'));
    expect(screen.queryByText(/Poor air quality/)).not.toBeInTheDocument();

    // The engine raises it to high, then a policy to critical: each update says so itself.
    const high = {
      ...raised,
      severity: 'high' as const,
      message: 'AQI 165 (high ≥ 150)',
      updatedAt: '2026-11-21T10:01:00.000Z',
      severitySince: '2026-11-21T10:01:00.000Z',
    };
    act(() => socket.serverSends('alert:updated', high));
    expect(
      await screen.findByText('High Priority Alert: Poor air quality at Esplanade'),
    ).toBeInTheDocument();
    const critical = {
      ...high,
      severity: 'critical' as const,
      message: 'AQI 210 (critical ≥ 200)',
      updatedAt: '2026-11-21T10:02:00.000Z',
      severitySince: '2026-11-21T10:02:00.000Z',
    };
    act(() => socket.serverSends('alert:updated', critical));
    expect(
      await screen.findByText('Critical Alert: Poor air quality at Esplanade'),
    ).toBeInTheDocument();

    // Later updates of its value, or the same event again, toast nothing more.
    act(() => toast.remove());
    act(() => {
      socket.serverSends('alert:updated', {
        ...critical,
        value: 190,
        updatedAt: '2026-11-21T10:03:00.000Z',
      });
      socket.serverSends('alert:updated', critical);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(/Poor air quality/)).not.toBeInTheDocument();
  });

  it('tells an escalation by the listed copy when the server does not say when it was', async () => {
    renderProvider();
    await connect();
    const raised = testAlert({ id: 'old', severity: 'high', title: 'Smoke at Salt Lake' });
    act(() => socket.serverSends('alert:created', raised));
    expect(await screen.findByText('High Priority Alert: Smoke at Salt Lake')).toBeInTheDocument();
    act(() => toast.remove());
    act(() =>
      socket.serverSends('alert:updated', {
        ...raised,
        severity: 'critical',
        updatedAt: '2026-11-21T10:05:00.000Z',
      }),
    );
    expect(await screen.findByText('Critical Alert: Smoke at Salt Lake')).toBeInTheDocument();
  });

  it("respects the person's notification preferences", async () => {
    preferences = { ...DEFAULT_NOTIFICATION_PREFERENCES, criticalAlerts: false };
    renderProvider();
    await connect();
    await waitFor(() => expect(requests).toContain('/api/profile/preferences'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => {
      socket.serverSends('alert:created', testAlert({ id: 'c1', title: 'Muted' }));
      socket.serverSends('alert:created', testAlert({ id: 'h1', severity: 'high', title: 'Loud' }));
    });
    expect(await screen.findByText('High Priority Alert: Loud')).toBeInTheDocument();
    expect(screen.queryByText('Critical Alert: Muted')).not.toBeInTheDocument();
    expect(live().alerts).toContain('c1');
  });

  describe('simulated fallback', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    });

    it('ticks every 5000 ms while signed in and down, and stops once connected', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      renderProvider();
      // Down: the first attempt failed.
      act(() => {
        socket.failAttempt('xhr poll error');
      });
      act(() => {
        vi.advanceTimersByTime(FALLBACK_INTERVAL_MS - 1);
      });
      expect(live().simulated).toBe(false);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(live()).toMatchObject({
        simulated: true,
        sensors: ['sensor_001', 'sensor_002', 'sensor_003'],
        values: { sensor_001: 55, sensor_002: 84, sensor_003: 3.75 },
        stats: { totalSensors: 34, activeSensors: 32, simulated: true },
      });

      await connect();
      expect(live()).toMatchObject({ simulated: false, sensors: ['kol-traffic-01'] });
      act(() => {
        vi.advanceTimersByTime(FALLBACK_INTERVAL_MS * 3);
      });
      expect(live().sensors).toEqual(['kol-traffic-01']);
    });

    it('never runs while signed out', () => {
      render(
        <Harness auth={signedOut}>
          <Probe />
        </Harness>,
      );
      act(() => {
        vi.advanceTimersByTime(FALLBACK_INTERVAL_MS * 2);
      });
      expect(live()).toMatchObject({ simulated: false });
      expect(live().sensors).not.toContain('sensor_001');
    });
  });
});

describe('useSocket', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSocket())).toThrow(
      'useSocket must be used within a SocketProvider',
    );
  });

  it('offers emit, on and off that only warn that they are unavailable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => useSocket(), {
      wrapper: ({ children }) => <Harness auth={signedOut}>{children}</Harness>,
    });
    result.current.emit('subscribe', { city: 'kolkata' });
    result.current.on('readings', () => {});
    result.current.off('readings');
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('socket.emit is unavailable'),
      expect.stringContaining('socket.on is unavailable'),
      expect.stringContaining('socket.off is unavailable'),
    ]);
    expect(socket.sent).toEqual([]);
  });
});
