import { Database, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { PageHeader } from '../../components/page-header';
import { PublicPageShell } from '../../components/public-page-shell';
import { SvgIcon } from '../../components/svg-icon';
import { OPEN_DATA_NAMESPACES } from '../../lib/i18n/open-data-namespace';
import { ApiReference } from './api-reference';
import { ApiRules } from './api-rules';
import { CityDatasets } from './city-datasets';
import { linkClass } from './city-dataset';
import { CATALOGUE_PATH, LICENCE } from './open-data-addresses';
import { StandardInterfaces } from './standard-interfaces';

/**
 * The open data, for everyone, signed in or not: each city's datasets with its air quality now,
 * the API that serves them (every endpoint with a request to try, its limits, caching and paging),
 * the standard interfaces, and the licence the data are published under.
 */
export function OpenDataPage() {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  return (
    <PublicPageShell signInLabel={t('openData.signIn')}>
      <PageHeader
        title={t('translation:screens.openData.title')}
        actions={
          <a href={CATALOGUE_PATH} className={secondaryButton}>
            <SvgIcon icon={Database} size={16} />
            {t('openData.catalogue')}
          </a>
        }
      />
      <p className="-mt-3 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        {t('openData.intro')}
      </p>
      <p
        data-testid="open-data-licence"
        className="mt-4 flex max-w-3xl items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100"
      >
        <SvgIcon icon={Scale} size={18} className="mt-0.5 shrink-0" />
        <span>
          <span className="font-semibold">{t('openData.licenceTitle')}</span>{' '}
          <a href={LICENCE.url} rel="license" translate="no" className={linkClass}>
            {LICENCE.name}
          </a>
          . {t('openData.licenceBody')}
        </span>
      </p>
      <CityDatasets />
      <ApiReference />
      <ApiRules />
      <StandardInterfaces />
    </PublicPageShell>
  );
}
