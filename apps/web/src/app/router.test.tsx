import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubCitiesApi } from '../test/fetch-stub';
import { authLoading, renderRoute, signedIn, signedOut } from '../test/render';

// MapLibre needs WebGL, which jsdom has not.
vi.mock('../features/reports/report-map', () => ({ ReportMap: () => null }));

describe('routes', () => {
  it('redirects an unknown path to the landing page', async () => {
    stubCitiesApi();
    const { router } = renderRoute('/no/such/page', { auth: signedOut });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Smart City' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows 'Loading...' while a screen's code is on its way", async () => {
    stubCitiesApi();
    renderRoute('/', { auth: signedOut });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a guarded route to / with the requested location', async () => {
    stubCitiesApi();
    const { router } = renderRoute('/alerts?severity=critical', { auth: signedOut });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/alerts', search: '?severity=critical' },
    });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('shows a spinner, not the page, while the session is being resolved', () => {
    stubCitiesApi();
    const { router } = renderRoute('/dashboard', { auth: authLoading });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens a guarded screen inside the layout for a signed-in user', async () => {
    stubCitiesApi();
    renderRoute('/dashboard', { auth: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'City figures' })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' }).length).toBeGreaterThan(
      0,
    );
  });

  it('keeps /announcements/new for admins', async () => {
    stubCitiesApi();
    renderRoute('/announcements/new', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByRole('heading', { name: 'Insufficient Role' })).toBeInTheDocument();
  });

  it('opens /announcements/new for an admin rather than the notice detail', async () => {
    stubCitiesApi();
    renderRoute('/announcements/new', { auth: signedIn({ role: 'admin' }) });
    expect(await screen.findByRole('heading', { name: 'New Notice' })).toBeInTheDocument();
  });

  it('renders the emergency result screen in its success and cancel variants', async () => {
    stubCitiesApi();
    const { unmount } = renderRoute('/services/emergency/success', { auth: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' })).toBeInTheDocument();
    unmount();
    renderRoute('/services/emergency/cancel', { auth: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Booking cancelled' })).toBeInTheDocument();
  });

  it.each([
    ['/sensors', 'IoT Sensors'],
    ['/alerts', 'Alerts'],
    ['/analytics', 'Analytics'],
    ['/services', 'City Services'],
    ['/services/emergency', 'Emergency Services'],
    ['/services/emergency/quick?service=ambulance', 'Quick Emergency Booking'],
    ['/announcements', 'City Notices'],
    ['/announcements/42', 'City Notice'],
    ['/blockchain', 'Blockchain'],
    ['/city-twin', '3D City Twin'],
    ['/settings', 'Settings'],
    ['/profile', 'Profile'],
  ])('serves %s with its title', async (path, title) => {
    stubCitiesApi();
    renderRoute(path, { auth: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Sign in'],
    ['/reset-password', 'Reset password'],
  ])('serves the public page %s without signing in', async (path, title) => {
    stubCitiesApi();
    renderRoute(path, { auth: signedOut });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it.each([
    ['/reports', 'Reported problems'],
    ['/reports/42', 'Reported problem'],
  ])(
    'serves the public report screen %s to a visitor, without the signed-in frame',
    async (path, title) => {
      stubCitiesApi();
      const { router } = renderRoute(path, { auth: signedOut });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    },
  );

  it('opens the public tracker inside the signed-in frame for a signed-in person', async () => {
    stubCitiesApi();
    renderRoute('/reports', { auth: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reported problems' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' }).length).toBeGreaterThan(
      0,
    );
  });

  it.each([
    ['/reports/new', 'Report a problem'],
    ['/reports/mine', 'My reports'],
  ])(
    'serves %s to a signed-in person, and sends a visitor to sign in first',
    async (path, title) => {
      stubCitiesApi();
      const { unmount } = renderRoute(path, { auth: signedIn() });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      unmount();
      const { router } = renderRoute(path, { auth: signedOut });
      expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(router.state.location.state).toMatchObject({ from: { pathname: path } });
    },
  );
});
