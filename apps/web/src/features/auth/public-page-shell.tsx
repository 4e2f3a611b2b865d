import { House } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { SvgIcon } from '../../components/svg-icon';
import { LanguageSelect } from '../../components/language-select';
import { ThemeToggle } from '../../components/theme-toggle';
import { PATHS } from '../../lib/paths';

/** The frame of the sign-in and password pages: a way home, the theme toggle and a card. */
export function PublicPageShell({
  title,
  intro,
  above,
  children,
}: {
  title: string;
  intro?: string | undefined;
  /** Shown in the card above the title, such as the sign-in and register tabs. */
  above?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <div className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link
          to={PATHS.landing}
          className={`inline-flex items-center gap-2 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white ${focusRing}`}
        >
          <SvgIcon icon={House} size={18} />
          {t('auth.backToHome')}
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSelect />
          <ThemeToggle />
        </div>
      </div>
      <main className="flex flex-1 items-start justify-center px-3 pt-4 pb-16 sm:items-center sm:px-4 sm:pt-0">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          {above}
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {title}
          </h1>
          {intro ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{intro}</p>
          ) : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
