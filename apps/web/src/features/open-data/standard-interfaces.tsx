import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OPEN_DATA_NAMESPACES } from '../../lib/i18n/open-data-namespace';
import { cardClass } from './api-endpoint';
import { CodeBlock, ExampleRequest } from './code-example';
import { SENSORTHINGS_BASE_PATH } from '@smart-city/shared';
import { CATALOGUE_PATH, SENSORTHINGS_EXAMPLE } from './open-data-addresses';

const textClass = 'mt-2 text-sm text-slate-600 dark:text-slate-400';

/** The data through the standards other tools read: OGC SensorThings, and a DCAT-AP catalogue. */
export function StandardInterfaces() {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  const sensorThingsId = useId();
  const catalogueId = useId();
  return (
    <section aria-labelledby="open-data-standards" className="mt-12">
      <h2 id="open-data-standards" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('openData.standards.title')}
      </h2>
      <ul className="mt-5 grid gap-4 lg:grid-cols-2">
        <li className="min-w-0">
          <article aria-labelledby={sensorThingsId} className={`${cardClass} h-full`}>
            {/* Standards' own names, the same in every language. */}
            <h3
              id={sensorThingsId}
              translate="no"
              className="text-base font-semibold text-slate-900 dark:text-white"
            >
              OGC SensorThings API 1.1
            </h3>
            <p className={textClass}>{t('openData.standards.sensorThings')}</p>
            <CodeBlock>{`${window.location.origin}${SENSORTHINGS_BASE_PATH}`}</CodeBlock>
            <ExampleRequest
              label={t('openData.standards.example')}
              address={SENSORTHINGS_EXAMPLE}
              describedBy={sensorThingsId}
              links={[{ href: SENSORTHINGS_EXAMPLE, label: t('openData.standards.openExample') }]}
            />
          </article>
        </li>
        <li className="min-w-0">
          <article aria-labelledby={catalogueId} className={`${cardClass} h-full`}>
            <h3
              id={catalogueId}
              translate="no"
              className="text-base font-semibold text-slate-900 dark:text-white"
            >
              DCAT-AP
            </h3>
            <p className={textClass}>{t('openData.standards.catalogue')}</p>
            <ExampleRequest
              label={t('openData.standards.example')}
              address={CATALOGUE_PATH}
              describedBy={catalogueId}
              links={[{ href: CATALOGUE_PATH, label: t('openData.standards.openCatalogue') }]}
            />
          </article>
        </li>
      </ul>
    </section>
  );
}
