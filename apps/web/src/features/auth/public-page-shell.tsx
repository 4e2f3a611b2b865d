import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { ThemeToggle } from '../../components/theme-toggle';
import { PATHS } from '../../lib/paths';

/** The frame of the sign-in and password pages: a way home, the theme toggle and a card. */
export function PublicPageShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <div className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link
          to={PATHS.landing}
          className={`inline-flex items-center gap-2 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white ${focusRing}`}
        >
          <Icon name="home" size={18} />
          {t('auth.backToHome')}
        </Link>
        <ThemeToggle />
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {title}
          </h1>
          {children}
        </div>
      </main>
    </div>
  );
}
