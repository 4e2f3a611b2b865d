import type { RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing, iconButton } from '../../components/button-styles';
import { CitySelect } from '../../components/city-select';
import { Icon } from '../../components/icon';
import { ThemeToggle } from '../../components/theme-toggle';
import { useCity } from '../../lib/city/city-context';
import { EMERGENCY_QUICK_AMBULANCE } from '../../lib/paths';
import { ConnectionStatus } from './connection-status';
import { HeaderCity } from './header-city';
import { HeaderClock } from './header-clock';
import { NAV_DRAWER_ID } from './nav-drawer';
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
  const { t } = useTranslation();
  const { city } = useCity();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6 lg:px-8 dark:border-slate-800 dark:bg-slate-900/90">
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onOpenDrawer}
        aria-label={t('nav.openMenu')}
        aria-expanded={drawerOpen}
        aria-controls={drawerOpen ? NAV_DRAWER_ID : undefined}
        data-testid="nav-drawer-button"
        className={`${iconButton} lg:hidden`}
      >
        <Icon name="menu" />
      </button>

      <div className="min-w-0 flex-1">
        <HeaderCity />
      </div>

      <HeaderClock timeZone={city?.timeZone} className="hidden sm:block" />
      <span className="hidden md:inline-flex">
        <ConnectionStatus variant="header" />
      </span>
      <CitySelect className="hidden w-36 sm:block" />
      <ThemeToggle />
      <Link
        to={EMERGENCY_QUICK_AMBULANCE}
        title={t('header.emergencyTitle')}
        data-testid="emergency-button"
        className={`inline-flex h-10 items-center gap-2 rounded-lg bg-red-600 px-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-500 sm:px-3 ${focusRing}`}
      >
        <Icon name="emergency" size={18} />
        <span className="sr-only sm:not-sr-only">{t('header.emergency')}</span>
      </Link>
      <NotificationsMenu />
      <UserMenu />
    </header>
  );
}
