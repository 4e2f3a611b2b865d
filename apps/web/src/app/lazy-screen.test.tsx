import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

function renderScreen(Screen: ComponentType) {
  const router = createMemoryRouter([{ path: '/', element: <Screen /> }]);
  return render(<RouterProvider router={router} />);
}

function Ready() {
  return <p>Sensors ready</p>;
}

describe('lazyScreen', () => {
  it("shows 'Loading...' until the screen's code arrives", async () => {
    let arrive: (component: ComponentType) => void = () => {};
    const Screen = lazyScreen(
      'sensors',
      () => new Promise<ComponentType>((resolve) => (arrive = resolve)),
    );
    renderScreen(Screen);

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => arrive(Ready));
    expect(await screen.findByText('Sensors ready')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('names the screen whose chunk failed to load and offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyScreen('dashboard', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    renderScreen(Screen);

    expect(
      await screen.findByRole('heading', { name: 'Failed to load the Dashboard screen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('gives up on a chunk that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyScreen('analytics', () => new Promise<ComponentType>(() => {}));
    renderScreen(Screen);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(119_999);
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(
      screen.getByRole('heading', { name: 'Failed to load the Analytics screen' }),
    ).toBeInTheDocument();
  });
});
