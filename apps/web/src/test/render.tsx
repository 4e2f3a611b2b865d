import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { routes as appRoutes } from '../app/router';
import { AppToaster } from '../components/app-toaster';
import { AuthContext, AuthProvider } from '../lib/auth/auth-context';
import type { AuthActions, AuthContextValue, AuthUser, SessionInfo } from '../lib/auth/auth-types';
import { createAuthValue } from '../lib/auth/auth-value';
import { CityProvider } from '../lib/city/city-context';
import type { LiveData } from '../lib/live/live-reducer';
import { SocketContext } from '../lib/live/live-state';
import { ThemeProvider } from '../lib/theme/theme-context';
import { liveState } from './live-fixtures';

export const signedOut: AuthContextValue = createAuthValue('unauthenticated', null);
export const authLoading: AuthContextValue = createAuthValue('loading', null);

/** A profile as GET /api/profile returns it; any field can be replaced. */
export function testUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 'user-1',
    email: 'asha.sen@smartcity.local',
    firstName: 'Asha',
    lastName: 'Sen',
    role: 'citizen',
    department: null,
    phone: null,
    avatarUrl: null,
    isActive: true,
    lastLogin: '2026-11-21T08:30:00.000Z',
    createdAt: '2026-10-01T12:00:00.000Z',
    isDemoUser: false,
    ...overrides,
  };
}

export const TEST_SESSION: SessionInfo = {
  id: 'session-1',
  expiresAt: '2099-01-01T00:00:00.000Z',
  twoFactorEnabled: false,
};

/** A signed-in session; the user, any action and the session details can be replaced. */
export function signedIn(
  user: Partial<AuthUser> = {},
  actions: Partial<AuthActions> = {},
  session: Partial<SessionInfo> = {},
): AuthContextValue {
  return createAuthValue('authenticated', testUser(user), actions, { ...TEST_SESSION, ...session });
}

interface ProviderOptions {
  /** A fixed session; 'real' runs the app's AuthProvider against the stubbed fetch instead. */
  auth?: AuthContextValue | 'real';
  /** A fixed live state; disconnected with no data unless given. */
  live?: Partial<LiveData>;
}

export function TestProviders({
  auth = signedOut,
  live,
  children,
}: ProviderOptions & { children: ReactNode }) {
  const liveValue = liveState(live);
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <CityProvider>
          <SessionProvider auth={auth}>
            <SocketContext value={liveValue}>
              {children}
              <AppToaster />
            </SocketContext>
          </SessionProvider>
        </CityProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

function SessionProvider({
  auth,
  children,
}: {
  auth: AuthContextValue | 'real';
  children: ReactNode;
}) {
  if (auth === 'real') return <AuthProvider>{children}</AuthProvider>;
  return <AuthContext value={auth}>{children}</AuthContext>;
}

/** Renders plain UI inside the app's providers. */
export function renderWithProviders(ui: ReactNode, options: ProviderOptions = {}) {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}

function searchOf(path: string): string {
  const index = path.indexOf('?');
  return index === -1 ? '' : path.slice(index);
}

/** Renders the app's route table (or the given routes) at a path, in memory. */
export function renderRoute(
  path: string,
  options: ProviderOptions & { routes?: RouteObject[]; initialState?: unknown } = {},
) {
  const router = createMemoryRouter(options.routes ?? appRoutes, {
    initialEntries: [
      { pathname: path.split('?')[0], search: searchOf(path), state: options.initialState },
    ],
  });
  const result = render(
    <TestProviders auth={options.auth} live={options.live}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}
