import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from '../lib/auth/auth-context';
import { CityProvider } from '../lib/city/city-context';
import { i18n } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme/theme-context';
import { useToastsWanted } from '../lib/toast';

const AppToaster = lazy(() =>
  import('../components/app-toaster').then((m) => ({ default: m.AppToaster })),
);

/** The toast outlet, once the first toast or a signed-in screen asks for it (see lib/toast). */
function LazyToaster() {
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/**
 * Everything the screens read from context: texts, query cache, theme, city and session. The live
 * connection belongs to the signed-in frame (signed-in-frame.tsx).
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <CityProvider>
            <AuthProvider>
              {children}
              <LazyToaster />
            </AuthProvider>
          </CityProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
