import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppToaster } from '../components/app-toaster';
import { AuthProvider } from '../lib/auth/auth-context';
import { CityProvider } from '../lib/city/city-context';
import { AccountLanguage } from '../lib/i18n/account-language';
import { i18n } from '../lib/i18n/i18n';
import { SocketProvider } from '../lib/live/socket-provider';
import { createQueryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme/theme-context';
import { LIVE_MODULES } from './live-modules';

/** Everything the screens read from context: texts, query cache, theme, city, session and live data. */
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
              <AccountLanguage />
              <SocketProvider modules={LIVE_MODULES}>
                {children}
                <AppToaster />
              </SocketProvider>
            </AuthProvider>
          </CityProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
