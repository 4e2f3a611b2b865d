import { useCallback, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InPageToastSlot } from '../../components/in-page-toasts';
import { lazyPart } from '../../components/lazy-part';
import { PAGE_WIDTH } from '../../components/page-width';
import { useNoticeOutbox } from '../../lib/notices/notice-outbox';
import { useWallMode } from '../../lib/wall-mode';
import { useLatestNotice } from '../../lib/notices/use-latest-notice';
import { ReconnectingBanner } from './connection-status';
import { Header } from './header';
import { Sidebar } from './sidebar';

// The small-screen drawer downloads when first opened: most screens are never shown with it.
const NavDrawer = lazyPart({
  chunk: 'navDrawer',
  load: () => import('./nav-drawer').then((m) => m.NavDrawer),
  loading: () => null,
});

// The newest notice's card downloads once there is a notice to show, after the screen itself.
const LatestNoticeCard = lazyPart({
  chunk: 'latestNotice',
  load: () => import('./latest-notice-card').then((m) => m.LatestNoticeCard),
  loading: () => null,
});

/** The shell of every signed-in screen: sidebar (or drawer), header, live banner, content. */
export function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  // The drawer remembers the location it was opened at, so any navigation closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenedAt === location.key;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpenedAt(null), []);

  // Notices saved on this device while offline go out once the server answers again.
  useNoticeOutbox();
  const { notice: latestNotice } = useLatestNotice();
  // The wall screen fills the whole window itself: no sidebar, header, banner or notice card.
  const wall = useWallMode();
  if (wall) return <Outlet />;
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-sky-700 focus:px-4 focus:py-2 focus:text-white"
      >
        {t('app.skipToContent')}
      </a>

      <aside
        data-testid="sidebar"
        className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r border-slate-200 lg:block dark:border-slate-800"
      >
        <Sidebar />
      </aside>

      {drawerOpen ? (
        <NavDrawer onClose={closeDrawer} returnFocusRef={menuButtonRef}>
          <Sidebar onNavigate={closeDrawer} />
        </NavDrawer>
      ) : null}

      <div className="flex min-h-dvh flex-col lg:pl-64">
        <Header
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpenedAt(location.key)}
          menuButtonRef={menuButtonRef}
        />
        <ReconnectingBanner />
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
        >
          <div className={PAGE_WIDTH}>
            <InPageToastSlot />
            {latestNotice ? <LatestNoticeCard /> : null}
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
