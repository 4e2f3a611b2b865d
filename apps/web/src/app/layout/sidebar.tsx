import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { CitySelect } from '../../components/city-select';
import { ThemeToggle } from '../../components/theme-toggle';
import { Icon } from '../../components/icon';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { badgeText } from '../../lib/live/live-state';
import { useCriticalAlertCount } from '../../lib/stats/stats-query';
import { PATHS } from '../../lib/paths';
import { ConnectionStatus } from './connection-status';
import { NAV_ITEMS } from './nav-items';
import type { NavItem } from './nav-items';
import { userIdentity } from './user-identity';
import { useSignOut } from './use-sign-out';

/**
 * Whether another section owns the page: Dispatch lies under City Services' path, and only one
 * section is marked current at a time.
 */
function ownedElsewhere(item: NavItem, pathname: string): boolean {
  return NAV_ITEMS.some(
    (other) =>
      other !== item &&
      other.to.startsWith(`${item.to}/`) &&
      (pathname === other.to || pathname.startsWith(`${other.to}/`)),
  );
}

function linkClass({ isActive }: { isActive: boolean }) {
  return `group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${focusRing} ${
    isActive
      ? 'bg-sky-700 text-white shadow-sm'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;
}

/** Brand, the sections the reader may open, and the signed-in user's footer; used fixed and inside the drawer. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const { user, allows } = useAuth();
  const { pathname } = useLocation();
  const { cityKey } = useCity();
  // Only the count: live readings never re-render the sidebar.
  const criticalCount = useCriticalAlertCount(cityKey);
  const signOut = useSignOut();
  const badge = badgeText(criticalCount, i18n.language);
  const identity = userIdentity(user, t);

  return (
    <div className="flex h-full flex-col bg-white dark:bg-slate-900">
      <div className="flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 px-5 dark:border-slate-800">
        <span className="flex size-8 items-center justify-center rounded-lg bg-sky-600 text-white">
          <Icon name="services" size={18} />
        </span>
        <span className="text-base font-semibold text-slate-900 dark:text-white">
          {t('app.name')}
        </span>
      </div>

      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {NAV_ITEMS.filter((item) => !item.policy || allows(item.policy)).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  linkClass({ isActive: isActive && !ownedElsewhere(item, pathname) })
                }
                aria-current={ownedElsewhere(item, pathname) ? false : undefined}
                onClick={onNavigate}
              >
                <Icon name={item.icon} />
                <span className="flex-1">{t(item.labelKey)}</span>{' '}
                {item.to === PATHS.alerts && badge ? (
                  <span
                    data-testid="critical-alerts-badge"
                    className="min-w-6 rounded-full bg-red-600 px-1.5 py-0.5 text-center text-xs font-bold text-white"
                  >
                    <span aria-hidden="true">{badge}</span>
                    <span className="sr-only">
                      {t('nav.criticalAlerts', { count: criticalCount })}
                    </span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex items-end gap-2 px-1 sm:hidden">
          <CitySelect className="min-w-0 flex-1" showLabel />
          <ThemeToggle testId="drawer-theme-toggle" />
        </div>
      </nav>

      <div className="border-t border-slate-200 p-4 dark:border-slate-800">
        <div className="flex items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200">
            <Icon name="profile" size={18} />
          </span>
          <div className="min-w-0 flex-1">
            <p
              data-testid="sidebar-user-name"
              className="truncate text-sm font-semibold text-slate-900 dark:text-white"
            >
              {identity.name}
            </p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{identity.role}</p>
          </div>
        </div>
        <div className="mt-3 flex items-center justify-between gap-2">
          <ConnectionStatus variant="sidebar" />
          <button
            type="button"
            onClick={() => void signOut()}
            className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`}
          >
            <Icon name="logout" size={16} />
            {t('user.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}
