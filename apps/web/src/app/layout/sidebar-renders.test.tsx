import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router';
import { io } from 'socket.io-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../lib/auth/auth-context';
import { CityProvider, useCity } from '../../lib/city/city-context';
import { SocketProvider } from '../../lib/live/socket-provider';
import { ThemeProvider } from '../../lib/theme/theme-context';
import { useSensorList } from '../../lib/sensors/sensors-query';
import { CITIES } from '../../test/city-fixtures';
import { FakeSocket } from '../../test/fake-socket';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { testSensor, testStats } from '../../test/live-fixtures';
import { createTestQueryClient, signedIn } from '../../test/render';
import { LIVE_MODULES } from '../live-modules';
import { Sidebar } from './sidebar';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));

let socket: FakeSocket;

beforeEach(() => {
  socket = new FakeSocket();
  vi.mocked(io).mockReset();
  vi.mocked(io).mockImplementation((() => socket) as unknown as typeof io);
  stubFetch(async (url) => {
    const path = url.split('?')[0];
    if (path === '/api/cities') return jsonResponse(CITIES);
    if (path === '/api/sensors')
      return jsonResponse({ items: [testSensor({ value: 40 })], nextCursor: null, total: 1 });
    if (path === '/api/stats') return jsonResponse(testStats({ criticalAlerts: 2 }));
    if (path === '/api/alerts') return jsonResponse([]);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
});

/** Shows a reading, as the sensor screens do: it must follow every batch. */
function ReadingProbe() {
  const { cityKey } = useCity();
  const value = useSensorList(cityKey, {}).data?.pages[0]?.items[0]?.value;
  return <output data-testid="reading">{value}</output>;
}

function readingsBatch(value: number, second: number) {
  return {
    city: 'kolkata' as const,
    readings: [
      {
        sensorId: 'kol-traffic-01',
        value,
        unit: '%',
        timestamp: `2026-11-21T10:01:${String(second).padStart(2, '0')}.000Z`,
      },
    ],
  };
}

describe('the sidebar and live readings', () => {
  it('does not re-render on a readings batch, while a reading on screen follows it', async () => {
    const sidebarCommits = vi.fn();
    const probeCommits = vi.fn();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter>
          <ThemeProvider>
            <CityProvider>
              <AuthContext value={signedIn()}>
                <SocketProvider modules={LIVE_MODULES}>
                  <Profiler id="sidebar" onRender={sidebarCommits}>
                    <Sidebar />
                  </Profiler>
                  <Profiler id="probe" onRender={probeCommits}>
                    <ReadingProbe />
                  </Profiler>
                </SocketProvider>
              </AuthContext>
            </CityProvider>
          </ThemeProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    act(() => socket.acceptConnection());
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(await screen.findByTestId('critical-alerts-badge')).toHaveTextContent('2');
    await waitFor(() => expect(screen.getByTestId('reading')).toHaveTextContent('40'));
    // Let the resync after the subscription settle before counting.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const sidebarBefore = sidebarCommits.mock.calls.length;
    const probeBefore = probeCommits.mock.calls.length;

    for (let second = 1; second <= 4; second++) {
      act(() => socket.serverSends('readings', readingsBatch(40 + second, second)));
      await waitFor(() =>
        expect(screen.getByTestId('reading')).toHaveTextContent(String(40 + second)),
      );
    }

    expect(probeCommits.mock.calls.length).toBeGreaterThanOrEqual(probeBefore + 4);
    expect(sidebarCommits.mock.calls.length).toBe(sidebarBefore);
  });
});
