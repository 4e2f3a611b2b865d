import { Building2 } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { SvgIcon } from '../../components/svg-icon';
import { LanguageSelect } from '../../components/language-select';
import { PAGE_WIDTH } from '../../components/page-width';
import { ThemeToggle } from '../../components/theme-toggle';
import { useAuth } from '../../lib/auth/auth-context';
import { redirectTargetFrom } from '../../lib/auth/redirect-target';
import { useCity } from '../../lib/city/city-context';
import { cityGradient } from '../../lib/city/city-gradient';
import { formatZoneName } from '../../lib/format/date-time';
import { formatPopulation } from '../../lib/format/metric-value';
import { PATHS } from '../../lib/paths';
import { CapabilityList } from './capability-list';
import { CityPicker } from './city-picker';
import { LANDING_NAMESPACES } from '../../lib/i18n/landing-namespace';

const footerLinkClass = `rounded font-medium text-sky-700 underline hover:text-sky-600 dark:text-sky-300 dark:hover:text-sky-200 ${focusRing}`;

const signInClass = `inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-sky-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 sm:px-4 ${focusRing}`;

export function LandingPage() {
  const { t, i18n } = useTranslation(LANDING_NAMESPACES);
  const { city } = useCity();
  const { status } = useAuth();
  // A visitor sent here by the route guard carries the page they asked for; sign-in returns there.
  const state: unknown = useLocation().state;

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
          {/* On the narrowest phones the name gives way to the language and Sign in; the hero
              below says it in large. */}
          <span className="text-base font-semibold whitespace-nowrap max-[419px]:sr-only">
            {t('translation:app.name')}
          </span>
        </Link>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <LanguageSelect className="shrink-0" />
          <ThemeToggle />
          {status === 'authenticated' ? (
            <Link
              to={redirectTargetFrom(state)}
              data-testid="landing-dashboard"
              className={signInClass}
            >
              {t('landing.goToDashboard')}
            </Link>
          ) : (
            <Link
              to={PATHS.login}
              state={state}
              data-testid="landing-sign-in"
              className={signInClass}
            >
              {t('landing.signIn')}
            </Link>
          )}
        </div>
      </header>

      <main>
        <section
          data-testid="landing-hero"
          className="relative isolate overflow-hidden bg-linear-to-br from-slate-800 via-slate-700 to-slate-900"
          style={city ? { backgroundImage: cityGradient(city.theme) } : undefined}
        >
          <div aria-hidden="true" className="absolute inset-0 -z-10 bg-slate-950/35" />
          <div className={`${PAGE_WIDTH} px-4 py-16 text-white sm:px-6 sm:py-24`}>
            <p className="text-sm font-semibold tracking-wide text-white/85 uppercase">
              {t('landing.tagline')}
            </p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
              {t('translation:app.name')}
            </h1>
            <p className="mt-5 max-w-2xl text-base leading-relaxed text-white/90 sm:text-lg">
              {t('landing.intro')}
            </p>
            {city ? (
              <p
                data-testid="landing-selected-city"
                className="mt-8 inline-flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-black/25 px-4 py-2 text-sm"
              >
                <span className="font-medium text-white/80">{t('landing.viewing')}</span>
                <span className="font-semibold">{city.name}</span>
                <span aria-hidden="true">·</span>
                <span>
                  {t('translation:header.residents', {
                    population: formatPopulation(city, i18n.language),
                  })}
                </span>
                <span aria-hidden="true">·</span>
                <span>{formatZoneName(city.timeZone, i18n.language)}</span>
              </p>
            ) : null}
          </div>
        </section>

        <section aria-labelledby="landing-cities" className={`${PAGE_WIDTH} px-4 py-12 sm:px-6`}>
          <h2 id="landing-cities" className="mb-5 text-xl font-semibold">
            {t('landing.chooseCity')}
          </h2>
          <CityPicker />
        </section>

        <section
          aria-labelledby="landing-capabilities"
          className={`${PAGE_WIDTH} px-4 pb-16 sm:px-6`}
        >
          <h2 id="landing-capabilities" className="mb-5 text-xl font-semibold">
            {t('landing.capabilitiesTitle')}
          </h2>
          <CapabilityList />
        </section>
      </main>

      <footer className="flex flex-col items-center gap-2 border-t border-slate-200 py-6 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        <nav aria-label={t('landing.publicLinks')}>
          <ul className="flex flex-col items-center gap-x-6 gap-y-2 sm:flex-row">
            <li>
              <Link to={PATHS.reports} data-testid="landing-reports" className={footerLinkClass}>
                {t('landing.reportsLink')}
              </Link>
            </li>
            <li>
              <Link to={PATHS.openData} data-testid="landing-open-data" className={footerLinkClass}>
                {t('landing.openDataLink')}
              </Link>
            </li>
          </ul>
        </nav>
        <p>{t('landing.footer')}</p>
      </footer>
    </div>
  );
}
