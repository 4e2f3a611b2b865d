import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../lib/auth/auth-context';
import { PATHS } from '../lib/paths';
import { focusRing } from './button-styles';
import { LanguageSelect } from './language-select';
import { PAGE_WIDTH } from './page-width';
import { SvgIcon } from './svg-icon';
import { ThemeToggle } from './theme-toggle';

const signInClass = `inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-sky-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 sm:px-4 ${focusRing}`;

/**
 * The frame of a page open to visitors (the public reports, the open data). Signed in, the
 * signed-in frame is already around it (the route guard draws it), so this adds nothing; a visitor
 * gets the landing page's header: the way home, language, theme and Sign in, which returns here.
 */
export function PublicPageShell({
  signInLabel,
  children,
}: {
  /** "Sign in", in the words of the page's own texts. */
  signInLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'authenticated') return children;
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className={`${PAGE_WIDTH} flex items-center justify-between gap-3 px-4 py-4 sm:px-6`}>
        <Link
          to={PATHS.landing}
          className={`inline-flex items-center gap-2 rounded-lg ${focusRing}`}
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-sky-600 text-white">
            <SvgIcon icon={Building2} size={18} />
          </span>
          <span className="text-base font-semibold whitespace-nowrap max-[419px]:sr-only">
            {t('app.name')}
          </span>
        </Link>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <LanguageSelect className="shrink-0" />
          <ThemeToggle />
          <Link to={PATHS.login} state={{ from: location }} className={signInClass}>
            {signInLabel}
          </Link>
        </div>
      </header>
      <main id="main" className={`${PAGE_WIDTH} px-4 pt-2 pb-16 sm:px-6`}>
        {children}
      </main>
    </div>
  );
}
