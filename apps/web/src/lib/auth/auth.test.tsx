import { useQuery } from '@tanstack/react-query';
import type { Role } from '@smart-city/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { requestAt } from '../api-client';
import { AUTH_EVENT_STORAGE_KEY } from '../storage-keys';
import { fakeAccountServer, GOOD_PASSWORD } from '../../test/fake-account-server';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders, testUser } from '../../test/render';
import { ACCOUNT_QUERY_KEY } from './account-query-key';
import { AUTH_CHANNEL_NAME } from './auth-channel';
import { AuthProvider, useAuth } from './auth-context';
import { createAuthValue } from './auth-value';
import { displayNameOf, roleLabelKey } from './display-name';
import { redirectTargetFrom } from './redirect-target';

function Status() {
  const { status, user, session } = useAuth();
  return (
    <p data-testid="status">
      {status}
      {user ? `:${user.email}:${user.role}` : ''}
      {session ? `:${session.id}` : ''}
    </p>
  );
}

function SignOutButton() {
  const { signOut, signIn } = useAuth();
  return (
    <>
      <button type="button" onClick={() => void signOut()}>
        Sign out now
      </button>
      <button type="button" onClick={() => void signIn('asha.sen@smartcity.local', GOOD_PASSWORD)}>
        Sign in now
      </button>
    </>
  );
}

function renderSession(extra: React.ReactNode = null) {
  return renderWithProviders(
    <>
      <Status />
      {extra}
    </>,
    { auth: 'real' },
  );
}

describe('AuthProvider start-up', () => {
  it('restores a session: loading, then the profile from GET /api/profile', async () => {
    const server = fakeAccountServer({ signedIn: true, profile: { role: 'operator' } });
    renderSession();
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    expect(
      await screen.findByText('authenticated:asha.sen@smartcity.local:operator:session-1'),
    ).toBeInTheDocument();
    expect(server.callsTo('GET /api/auth/get-session')).toBeGreaterThan(0);
    expect(server.callsTo('GET /api/profile')).toBeGreaterThan(0);
  });

  it('is signed out when there is no session, without asking for a profile', async () => {
    const server = fakeAccountServer({ signedIn: false });
    renderSession();
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
    expect(server.callsTo('GET /api/profile')).toBe(0);
  });

  it('is signed out when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderSession();
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
  });

  it('is signed out when the profile answers 401 (the session ended meanwhile)', async () => {
    fakeAccountServer({
      signedIn: true,
      routes: {
        'GET /api/profile': () =>
          jsonResponse({ error: { code: 'unauthorized', message: 'User not authenticated' } }, 401),
      },
    });
    renderSession();
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
  });

  it('tolerates a missing profile, taking the name and role from the session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeAccountServer({
      signedIn: true,
      profile: { role: 'admin' },
      routes: {
        'GET /api/profile': () =>
          jsonResponse({ error: { code: 'not_found', message: 'Profile not found' } }, 404),
      },
    });
    renderSession();
    expect(
      await screen.findByText('authenticated:asha.sen@smartcity.local:admin:session-1'),
    ).toBeInTheDocument();
  });
});

describe('AuthProvider across tabs', () => {
  it('reads the session again when another tab signs in (BroadcastChannel)', async () => {
    const server = fakeAccountServer({ signedIn: false });
    renderSession();
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();

    server.state.signedIn = true;
    const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
    otherTab.postMessage({ type: 'signed-in' });
    otherTab.close();
    expect(await screen.findByText(/^authenticated:/)).toBeInTheDocument();
  });

  it('follows a sign-out in another tab through the storage event when BroadcastChannel is missing', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const server = fakeAccountServer({ signedIn: true });
    renderSession();
    expect(await screen.findByText(/^authenticated:/)).toBeInTheDocument();

    server.state.signedIn = false;
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: AUTH_EVENT_STORAGE_KEY,
          newValue: JSON.stringify({ type: 'signed-out', at: 1, sequence: 1 }),
        }),
      );
    });
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
  });

  it('ignores unrelated storage keys', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const server = fakeAccountServer({ signedIn: true });
    renderSession();
    expect(await screen.findByText(/^authenticated:/)).toBeInTheDocument();
    const reads = server.callsTo('GET /api/auth/get-session');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'smartcity_theme', newValue: 'light' }),
      );
    });
    expect(server.callsTo('GET /api/auth/get-session')).toBe(reads);
  });

  it('tells the other tabs about its own sign-out and sign-in', async () => {
    fakeAccountServer({ signedIn: true });
    const received: unknown[] = [];
    const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
    otherTab.onmessage = (event: MessageEvent) => received.push(event.data);
    renderSession(<SignOutButton />);
    expect(await screen.findByText(/^authenticated:/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out now' }));
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    expect(await screen.findByText(/^authenticated:/)).toBeInTheDocument();

    await waitFor(() => expect(received).toEqual([{ type: 'signed-out' }, { type: 'signed-in' }]));
    otherTab.close();
  });

  it('uses localStorage to tell other tabs when BroadcastChannel is missing', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    fakeAccountServer({ signedIn: true });
    renderSession(<SignOutButton />);
    expect(await screen.findByText(/^authenticated:/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out now' }));
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(AUTH_EVENT_STORAGE_KEY) ?? '{}')).toMatchObject(
        { type: 'signed-out' },
      ),
    );
  });
});

function AccountData() {
  const query = useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, 'probe'],
    queryFn: () => requestAt({ method: 'get', path: '/api/profile/preferences' }),
    retry: false,
  });
  return <p>{query.status}</p>;
}

/** Mounts an account query on demand, once the session is established. */
function AccountDataProbe() {
  const [shown, setShown] = useState(false);
  return shown ? (
    <AccountData />
  ) : (
    <button type="button" onClick={() => setShown(true)}>
      Load account data
    </button>
  );
}

describe('AuthProvider when the session ends', () => {
  it('drops to signed out when an account request answers 401, and says so', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeAccountServer({ signedIn: true });
    renderSession(<AccountDataProbe />);
    expect(await screen.findByText(/^authenticated:/)).toBeInTheDocument();

    server.state.signedIn = false;
    await userEvent.click(screen.getByRole('button', { name: 'Load account data' }));
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
    expect(
      await screen.findByText('Your session has ended. Please sign in again.'),
    ).toBeInTheDocument();
  });

  it('keeps the session when a 401 comes from something other than an ended session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeAccountServer({
      signedIn: true,
      routes: {
        'GET /api/profile/preferences': () =>
          jsonResponse({ error: { code: 'unauthorized', message: 'Missing exp claim' } }, 401),
      },
    });
    renderSession(<AccountDataProbe />);
    expect(await screen.findByText(/^authenticated:/)).toBeInTheDocument();
    const reads = server.callsTo('GET /api/auth/get-session');

    await userEvent.click(screen.getByRole('button', { name: 'Load account data' }));
    await waitFor(() => expect(server.callsTo('GET /api/auth/get-session')).toBe(reads + 1));
    expect(screen.getByText(/^authenticated:/)).toBeInTheDocument();
  });
});

describe('useAuth', () => {
  it('refuses to run outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Status />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('is provided by AuthProvider itself', async () => {
    fakeAccountServer({ signedIn: false });
    renderWithProviders(<Status />, { auth: 'real' });
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
    expect(AuthProvider).toBeTypeOf('function');
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

    const citizen = createAuthValue('authenticated', testUser({ role: 'citizen' }));
    expect(citizen.hasPermission('read')).toBe(true);
    expect(citizen.hasPermission('write')).toBe(false);
  });

  it('grants nothing when signed out or for an unknown role', () => {
    const signedOut = createAuthValue('unauthenticated', testUser({ role: 'admin' }));
    expect(signedOut.user).toBeNull();
    expect(signedOut.hasRole('admin')).toBe(false);
    expect(signedOut.hasPermission('read')).toBe(false);

    const viewer = createAuthValue('authenticated', testUser({ role: 'viewer' as Role }));
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
    expect(roleLabelKey('operator')).toBe('user.roles.operator');
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
