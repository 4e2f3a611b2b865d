import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAccountServer } from '../../test/fake-account-server';
import { jsonResponse } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render';
import type { AuthUser } from '../../lib/auth/auth-types';

async function openDashboardAs(profile: Partial<AuthUser> = {}) {
  const server = fakeAccountServer({ signedIn: true, profile });
  const rendered = renderRoute('/dashboard', { auth: 'real' });
  await screen.findByRole('heading', { name: 'Dashboard' });
  return { ...rendered, server };
}

function sidebar() {
  return within(screen.getByTestId('sidebar'));
}

async function openUserMenu() {
  const button = screen.getByRole('button', { name: 'User menu' });
  await userEvent.click(button);
  return within(document.getElementById(button.getAttribute('aria-controls') ?? '')!);
}

describe('signing out', () => {
  it("from the sidebar returns to / with 'Logged out successfully'", async () => {
    const { router, server } = await openDashboardAs();
    await userEvent.click(sidebar().getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.callsTo('POST /api/auth/sign-out')).toBe(1);
    expect(server.state.signedIn).toBe(false);
  });

  it('from the user menu returns to / as well', async () => {
    const { router } = await openDashboardAs();
    const menu = await openUserMenu();
    await userEvent.click(menu.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("stays signed in and says 'Logout failed' when the server fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeAccountServer({
      signedIn: true,
      routes: {
        'POST /api/auth/sign-out': () =>
          jsonResponse({ error: { code: 'internal', message: 'Internal error' } }, 500),
      },
    });
    const { router } = renderRoute('/dashboard', { auth: 'real' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.click(sidebar().getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('who is signed in', () => {
  it.each([
    [{ firstName: 'Admin', lastName: 'User', role: 'admin' as const }, 'Admin User', 'Admin'],
    [{ firstName: 'System', lastName: null, role: 'operator' as const }, 'System', 'Operator'],
    [{ firstName: null, lastName: null, email: 'ravi.das@kolkata.example' }, 'ravi.das', 'Citizen'],
  ])('shows %o as %s, %s in the sidebar and the user menu', async (profile, name, role) => {
    await openDashboardAs(profile);
    expect(sidebar().getByTestId('sidebar-user-name')).toHaveTextContent(name);
    expect(sidebar().getByText(role)).toBeInTheDocument();
    const menu = await openUserMenu();
    expect(menu.getByText(name)).toBeInTheDocument();
    expect(menu.getByText(role)).toBeInTheDocument();
  });
});
