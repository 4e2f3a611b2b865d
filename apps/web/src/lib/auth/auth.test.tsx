import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/render';
import { AuthProvider, useAuth } from './auth-context';
import { createAuthValue } from './auth-value';
import { displayNameOf, roleLabelKey } from './display-name';
import { redirectTargetFrom } from './redirect-target';

function Status() {
  const { status, user } = useAuth();
  return (
    <p>
      {status}
      {user ? `:${user.email}` : ''}
    </p>
  );
}

describe('AuthProvider', () => {
  it('is loading first, then signed out (no sign-in is wired yet)', async () => {
    render(
      <AuthProvider>
        <Status />
      </AuthProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
  });

  it('takes the user from its source', async () => {
    const source = {
      getSession: () => Promise.resolve(testUser({ email: 'op@smartcity.local' })),
      signOut: () => Promise.resolve(),
    };
    render(
      <AuthProvider source={source}>
        <Status />
      </AuthProvider>,
    );
    expect(await screen.findByText('authenticated:op@smartcity.local')).toBeInTheDocument();
  });

  it('treats a failing source as signed out', async () => {
    const source = {
      getSession: () => Promise.reject(new Error('network down')),
      signOut: () => Promise.resolve(),
    };
    render(
      <AuthProvider source={source}>
        <Status />
      </AuthProvider>,
    );
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
  });
});

describe('createAuthValue', () => {
  it('checks roles and the role permissions of the reference facts', () => {
    const operator = createAuthValue('authenticated', testUser({ role: 'operator' }));
    expect(operator.hasRole('operator')).toBe(true);
    expect(operator.hasRole('admin')).toBe(false);
    expect(operator.hasAnyRole(['admin', 'operator'])).toBe(true);
    expect(operator.hasPermission('write')).toBe(true);
    expect(operator.hasPermission('delete')).toBe(false);

    const admin = createAuthValue('authenticated', testUser({ role: 'admin' }));
    expect(
      ['read', 'write', 'delete', 'admin'].every((p) => admin.hasPermission(p as 'read')),
    ).toBe(true);
  });

  it('grants nothing when signed out or for an unknown role', () => {
    const signedOut = createAuthValue('unauthenticated', testUser({ role: 'admin' }));
    expect(signedOut.user).toBeNull();
    expect(signedOut.hasRole('admin')).toBe(false);
    expect(signedOut.hasPermission('read')).toBe(false);

    const viewer = createAuthValue('authenticated', testUser({ role: 'viewer' }));
    expect(viewer.hasAnyRole(['admin', 'operator', 'citizen'])).toBe(false);
    expect(viewer.hasPermission('read')).toBe(false);
  });
});

describe('display name and role label', () => {
  it('falls back from full name to the e-mail local part to nothing', () => {
    expect(displayNameOf(testUser())).toBe('Asha Sen');
    expect(displayNameOf(testUser({ lastName: null }))).toBe('Asha');
    expect(displayNameOf(testUser({ firstName: ' ', lastName: null, email: 'ravi@x.in' }))).toBe(
      'ravi',
    );
    expect(displayNameOf(testUser({ firstName: null, lastName: null, email: '@x.in' }))).toBeNull();
    expect(displayNameOf(null)).toBeNull();
  });

  it('labels unknown roles as citizens', () => {
    expect(roleLabelKey('admin')).toBe('user.roles.admin');
    expect(roleLabelKey('viewer')).toBe('user.roles.citizen');
    expect(roleLabelKey(undefined)).toBe('user.roles.citizen');
  });
});

describe('redirectTargetFrom', () => {
  it("returns the guard's saved location", () => {
    expect(
      redirectTargetFrom({ from: { pathname: '/alerts', search: '?s=critical', hash: '#top' } }),
    ).toBe('/alerts?s=critical#top');
  });

  it('defaults to the dashboard and refuses other origins', () => {
    expect(redirectTargetFrom(null)).toBe('/dashboard');
    expect(redirectTargetFrom({ from: 'nowhere' })).toBe('/dashboard');
    expect(redirectTargetFrom({ from: { pathname: '//evil.example/x' } })).toBe('/dashboard');
    expect(redirectTargetFrom({ from: { pathname: 'https://evil.example' } })).toBe('/dashboard');
  });
});
