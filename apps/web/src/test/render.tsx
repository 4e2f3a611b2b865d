import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { routes as appRoutes } from '../app/router';
import { AppToaster } from '../components/app-toaster';
import { AuthContext } from '../lib/auth/auth-context';
import type { AuthContextValue, AuthUser } from '../lib/auth/auth-types';
import { createAuthValue } from '../lib/auth/auth-value';
import { CityProvider } from '../lib/city/city-context';
import { LiveStateContext } from '../lib/live/live-state';
import type { LiveState } from '../lib/live/live-state';
import { ThemeProvider } from '../lib/theme/theme-context';

export const signedOut: AuthContextValue = createAuthValue('unauthenticated', null);
export const authLoading: AuthContextValue = createAuthValue('loading', null);

export function testUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 'user-1',
    email: 'asha.sen@smartcity.local',
    firstName: 'Asha',
    lastName: 'Sen',
    role: 'citizen',
    isDemoUser: false,
    ...overrides,
  };
}

/** A signed-in session; the user and signOut can be replaced. */
export function signedIn(
  user: Partial<AuthUser> = {},
  signOut?: () => Promise<void>,
): AuthContextValue {
  return createAuthValue('authenticated', testUser(user), signOut);
}

const disconnected: LiveState = { connection: 'disconnected', activeAlerts: [] };

interface ProviderOptions {
  auth?: AuthContextValue;
  live?: LiveState;
}

export function TestProviders({
  auth = signedOut,
  live = disconnected,
  children,
}: ProviderOptions & { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <CityProvider>
          <AuthContext value={auth}>
            <LiveStateContext value={live}>
              {children}
              <AppToaster />
            </LiveStateContext>
          </AuthContext>
        </CityProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** Renders plain UI inside the app's providers. */
export function renderWithProviders(ui: ReactNode, options: ProviderOptions = {}) {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}

/** Renders the app's route table (or the given routes) at a path, in memory. */
export function renderRoute(
  path: string,
  options: ProviderOptions & { routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
  const result = render(
    <TestProviders auth={options.auth} live={options.live}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}
