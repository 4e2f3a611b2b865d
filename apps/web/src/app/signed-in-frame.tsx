import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLanguage } from '../lib/i18n/account-language';
import { SIGNED_IN_NAMESPACE } from '../lib/i18n/signed-in-namespace';
import { LiveConnectionContext } from '../lib/live/live-state';
import { SocketProvider } from '../lib/live/socket-provider';
import { wantToasts } from '../lib/toast';
import { AppLayout } from './layout/app-layout';
import { LIVE_MODULES } from './live-modules';
import { SignedInScreensContext } from './signed-in-screen';
import { SIGNED_IN_SCREENS } from './signed-in-screens';

export { preloadScreen } from './signed-in-screens';

/**
 * Everything only a signed-in person's screens need around them: the frame (header, sidebar,
 * notifications), the live connection and its modules, the account's language and the signed-in
 * screens' texts. It is one chunk,
 * downloaded while the route guard checks the session, so the public pages carry none of it.
 */
export function SignedInFrame() {
  // Suspends until the signed-in texts of the page's language are here: no screen flashes English.
  useTranslation(SIGNED_IN_NAMESPACE);
  // Live alerts and most actions of these screens answer with toasts.
  useEffect(wantToasts, []);
  const frame = (
    <>
      <AccountLanguage />
      <SignedInScreensContext value={SIGNED_IN_SCREENS}>
        <AppLayout />
      </SignedInScreensContext>
    </>
  );
  // A frame given its live state from above (the tests' providers) keeps it and opens no socket.
  if (useContext(LiveConnectionContext) !== null) return frame;
  return <SocketProvider modules={LIVE_MODULES}>{frame}</SocketProvider>;
}
