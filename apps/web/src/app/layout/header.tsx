import type { RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing, iconButton } from '../../components/button-styles';
import { CitySelect } from '../../components/city-select';
import { Icon } from '../../components/icon';
import { ThemeToggle } from '../../components/theme-toggle';
import { useCity } from '../../lib/city/city-context';
import { badgeText } from '../../lib/live/live-state';
import { useCriticalAlertCount } from '../../lib/stats/stats-query';
import { EMERGENCY_QUICK_AMBULANCE } from '../../lib/paths';
import { ConnectionStatus } from './connection-status';
import { HeaderCity } from './header-city';
import { HeaderClock } from './header-clock';
import { NAV_DRAWER_ID } from './nav-items';
import { NotificationsMenu } from './notifications-menu';
import { UserMenu } from './user-menu';

export function Header({
  drawerOpen,
  onOpenDrawer,
  menuButtonRef,
}: {
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const { city, cityKey } = useCity();
  // Below the fixed sidebar its red count of critical alerts rides on the menu button.
  const criticalCount = useCriticalAlertCount(cityKey);
  const badge = badgeText(criticalCount, i18n.language);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6 lg:px-8 dark:border-slate-800 dark:bg-slate-900/90">
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onOpenDrawer}
        aria-label={
          badge
            ? `${t('nav.openMenu')}, ${t('nav.criticalAlerts', { count: criticalCount })}`
            : t('nav.openMenu')
        }
        aria-expanded={drawerOpen}
        aria-controls={drawerOpen ? NAV_DRAWER_ID : undefined}
        data-testid="nav-drawer-button"
        className={`${iconButton} relative lg:hidden`}
      >
        <Icon name="menu" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="menu-critical-badge"
            className="absolute top-0.5 right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-bold text-white"
          >
            {badge}
          </span>
        ) : null}
      </button>

      <div className="min-w-0 flex-1">
        <HeaderCity className="hidden sm:block" />
        {/* A phone has no room for both: the city's name is its switch, the clock and the
            connection sit under it. */}
        <div className="min-w-0 sm:hidden">
          <CitySelect variant="title" testId="header-city-switch" />
          <div className="flex items-center gap-2">
            <HeaderClock timeZone={city?.timeZone} className="text-xs" />
            <ConnectionStatus variant="compact" />
          </div>
        </div>
      </div>

      <HeaderClock timeZone={city?.timeZone} className="hidden sm:block" />
      {/* The connection is always in view: its dot beside the clock until there is room for words. */}
      <span className="hidden sm:inline-flex md:hidden">
        <ConnectionStatus variant="compact" />
      </span>
      <span className="hidden md:inline-flex">
        <ConnectionStatus variant="header" />
      </span>
      <CitySelect className="hidden w-36 sm:block" />
      {/* On a phone the theme switch is in the menu drawer, to leave the city its name. */}
      <span className="hidden sm:inline-flex">
        <ThemeToggle />
      </span>
      <Link
        to={EMERGENCY_QUICK_AMBULANCE}
        title={t('header.emergencyTitle')}
        aria-label={t('header.emergencyLabel')}
        data-testid="emergency-button"
        className={`inline-flex h-10 items-center gap-1.5 rounded-lg bg-red-600 px-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-500 sm:gap-2 sm:px-3 ${focusRing}`}
      >
        <Icon name="emergency" size={18} />
        <span className="sm:hidden">{t('header.sos')}</span>
        <span className="hidden sm:inline">{t('header.emergency')}</span>
      </Link>
      <NotificationsMenu />
      <UserMenu />
    </header>
  );
}
