import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
// The router loads the signed-in frame lazily (as the browser downloads it while the session is
// checked); loading it with this helper keeps a test's first wait about what it checks, not about a
// busy machine preparing the module.
import '../app/signed-in-frame';
import { routes as appRoutes } from '../app/router';
import { AppToaster } from '../components/app-toaster';
import { AuthContext, AuthProvider } from '../lib/auth/auth-context';
import type { AuthActions, AuthContextValue, AuthUser, SessionInfo } from '../lib/auth/auth-types';
import { createAuthValue } from '../lib/auth/auth-value';
import { CityProvider } from '../lib/city/city-context';
import { LiveConnectionContext, LiveFallbackContext } from '../lib/live/live-state';
import type { ConnectionState, FallbackTick } from '../lib/live/live-state';
import { ThemeProvider } from '../lib/theme/theme-context';

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
    area: null,
    ...overrides,
  };
}

const TEST_SESSION: SessionInfo = {
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
  /** The live connection's state; disconnected unless given (server data comes from fetch). */
  connection?: ConnectionState;
  /** The spec's simulated fallback values, as if the connection were down for a while. */
  fallback?: FallbackTick | null;
  /** The query cache to render with; a fresh one unless given. */
  queryClient?: QueryClient;
}

/** A query cache as tests use it: no retries, nothing goes stale on its own. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

export function TestProviders({
  auth = signedOut,
  connection = 'disconnected',
  fallback = null,
  queryClient: givenClient,
  children,
}: ProviderOptions & { children: ReactNode }) {
  const [queryClient] = useState(() => givenClient ?? createTestQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <CityProvider>
          <SessionProvider auth={auth}>
            <LiveConnectionContext value={connection}>
              <LiveFallbackContext value={fallback}>
                {children}
                <AppToaster />
              </LiveFallbackContext>
            </LiveConnectionContext>
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
    <TestProviders
      auth={options.auth}
      connection={options.connection}
      fallback={options.fallback}
      queryClient={options.queryClient}
    >
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}
