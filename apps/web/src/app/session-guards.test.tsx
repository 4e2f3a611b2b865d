import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../lib/auth/auth-types';
import { fakeAccountServer, GOOD_PASSWORD } from '../test/fake-account-server';
import { stubPendingFetch } from '../test/fetch-stub';
import { renderRoute } from '../test/render';
import { PermissionGuard } from './access-guards';

/** The app's own route table with the real session, against the in-memory account server. */
function openApp(path: string, server: { signedIn?: boolean; profile?: Partial<AuthUser> }) {
  const fake = fakeAccountServer(server);
  return { ...renderRoute(path, { auth: 'real' }), server: fake };
}

describe('RouteGuard with the session', () => {
  it('shows a spinner while the session is being restored', () => {
    stubPendingFetch();
    const { router } = renderRoute('/dashboard', { auth: 'real' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-out visitor to / with the requested location, and back there after sign-in', async () => {
    const { router } = openApp('/alerts', { signedIn: false });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/alerts' } });

    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('E-mail'), 'asha.sen@smartcity.local');
    await userEvent.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/alerts');
  });

  it('lets a restored session straight in', async () => {
    openApp('/sensors', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'IoT Sensors' }),
    ).toBeInTheDocument();
  });
});

describe('RoleGuard with the session', () => {
  it('tells the demo citizen that /announcements/new needs the admin role, with Go Back', async () => {
    const { router } = openApp('/announcements/new', {
      signedIn: true,
      profile: { email: 'demo@smartcity.local', role: 'citizen', isDemoUser: true },
    });
    expect(await screen.findByRole('heading', { name: 'Insufficient Role' })).toBeInTheDocument();
    expect(screen.getByText('This page requires admin role access.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens /announcements/new for an admin', async () => {
    openApp('/announcements/new', { signedIn: true, profile: { role: 'admin' } });
    expect(await screen.findByRole('heading', { name: 'New Notice' })).toBeInTheDocument();
  });
});

describe('PermissionGuard with the session', () => {
  function routes() {
    return [
      { path: '/dashboard', element: <p>Dashboard home</p> },
      {
        path: '/edit',
        element: (
          <PermissionGuard permission="write">
            <p>Editor</p>
          </PermissionGuard>
        ),
      },
    ];
  }

  it('lets an operator write', async () => {
    fakeAccountServer({ signedIn: true, profile: { role: 'operator' } });
    renderRoute('/edit', { auth: 'real', routes: routes() });
    expect(await screen.findByText('Editor')).toBeInTheDocument();
  });

  it('denies a citizen', async () => {
    fakeAccountServer({ signedIn: true, profile: { role: 'citizen' } });
    renderRoute('/edit', { auth: 'real', routes: routes() });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
  });
});

describe('public pages with a session', () => {
  it("offers 'Go to dashboard' on the landing page to a signed-in visitor", async () => {
    openApp('/', { signedIn: true });
    const link = await screen.findByRole('link', { name: 'Go to dashboard' });
    expect(link).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('redirects /login to /dashboard when already signed in', async () => {
    const { router } = openApp('/login', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
