import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, signedIn } from '../test/render';
import { canManageDeviceKeys } from '@smart-city/shared';
import { PermissionGuard, RoleGuard } from './access-guards';
import { PolicyGuard } from './policy-guard';

function guardRoutes() {
  return [
    { path: '/dashboard', element: <p>Dashboard home</p> },
    {
      path: '/admin-only',
      element: (
        <RoleGuard role="admin">
          <p>Admin tools</p>
        </RoleGuard>
      ),
    },
    {
      path: '/keys',
      element: (
        <PolicyGuard policy={canManageDeviceKeys}>
          <p>Key tools</p>
        </PolicyGuard>
      ),
    },
    {
      path: '/writers-only',
      element: (
        <PermissionGuard permission="write">
          <p>Editor</p>
        </PermissionGuard>
      ),
    },
  ];
}

describe('RoleGuard', () => {
  it('tells a citizen the page needs the admin role and goes back', async () => {
    const { router } = renderRoute('/admin-only', {
      routes: guardRoutes(),
      auth: signedIn({ role: 'citizen' }),
    });
    expect(screen.getByRole('heading', { name: 'Insufficient Role' })).toBeInTheDocument();
    expect(screen.getByText('This page requires admin role access.')).toBeInTheDocument();
    expect(screen.queryByText('Admin tools')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets an admin through', () => {
    renderRoute('/admin-only', { routes: guardRoutes(), auth: signedIn({ role: 'admin' }) });
    expect(screen.getByText('Admin tools')).toBeInTheDocument();
  });
});

describe('PermissionGuard', () => {
  it('denies a user without the permission', () => {
    renderRoute('/writers-only', { routes: guardRoutes(), auth: signedIn({ role: 'citizen' }) });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('lets an operator (read, write) through', () => {
    renderRoute('/writers-only', { routes: guardRoutes(), auth: signedIn({ role: 'operator' }) });
    expect(screen.getByText('Editor')).toBeInTheDocument();
  });

  it('goes back to the previous page when there is one', async () => {
    const { router } = renderRoute('/dashboard', {
      routes: guardRoutes(),
      auth: signedIn({ role: 'citizen' }),
    });
    await router.navigate('/writers-only');
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('POP');
  });
});

describe('PolicyGuard', () => {
  it('denies a role the shared policy does not allow', () => {
    renderRoute('/keys', { routes: guardRoutes(), auth: signedIn({ role: 'operator' }) });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByText('Key tools')).not.toBeInTheDocument();
  });

  it('lets in a role the policy allows', () => {
    renderRoute('/keys', { routes: guardRoutes(), auth: signedIn({ role: 'admin' }) });
    expect(screen.getByText('Key tools')).toBeInTheDocument();
  });
});
