import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing, iconButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { LanguageSelect } from '../../components/language-select';
import { useAuth } from '../../lib/auth/auth-context';
import { PATHS } from '../../lib/paths';
import { useDisclosure } from '../../lib/use-dismiss';
import { userIdentity } from './user-identity';
import { useSignOut } from './use-sign-out';

const itemClass = `flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`;

/** The user button: who is signed in, with Profile, Settings and Sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const signOut = useSignOut();
  const { open, close, toggle, rootRef, buttonRef, panelId } = useDisclosure();
  const identity = userIdentity(user, t);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('header.userMenu')}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="user-menu-button"
        onClick={toggle}
        className={iconButton}
      >
        <Icon name="profile" />
      </button>
      {open ? (
        <div
          id={panelId}
          data-testid="user-menu"
          className="absolute right-0 z-40 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="border-b border-slate-200 px-3 pt-1 pb-2 dark:border-slate-700">
            <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
              {identity.name}
            </p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{identity.role}</p>
          </div>
          <LanguageSelect
            showLabel
            className="border-b border-slate-200 px-3 pt-2 pb-3 dark:border-slate-700"
            testId="user-menu-language"
          />
          <ul className="mt-1 space-y-0.5">
            <li>
              <Link to={PATHS.profile} className={itemClass} onClick={close}>
                <Icon name="profile" size={16} />
                {t('header.profile')}
              </Link>
            </li>
            <li>
              <Link to={PATHS.settings} className={itemClass} onClick={close}>
                <Icon name="settings" size={16} />
                {t('header.settings')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                <Icon name="logout" size={16} />
                {t('user.signOut')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
