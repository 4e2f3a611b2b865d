import { OPEN_DATA_BASE_PATH } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { useCity } from '../../lib/city/city-context';
import { OPEN_DATA_NAMESPACES } from '../../lib/i18n/open-data-namespace';
import { ApiEndpoint } from './api-endpoint';
import { CodeBlock } from './code-example';
import { useExampleSensor } from './example-sensor-query';
import { apiEndpointDocs } from './open-data-addresses';

/**
 * The API's endpoints, each with a request to try. The examples ask about the reader's city, and
 * the history one about the first of its sensors, once the API has named one.
 */
export function ApiReference() {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  const { cityKey } = useCity();
  const sensor = useExampleSensor(cityKey);
  const docs = apiEndpointDocs(cityKey, sensor.data ?? null);
  return (
    <section aria-labelledby="open-data-api" className="mt-12">
      <h2 id="open-data-api" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('openData.api.title')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        {t('openData.api.intro')}
      </p>
      <div className="max-w-3xl">
        <CodeBlock testId="open-data-base">{`${window.location.origin}${OPEN_DATA_BASE_PATH}`}</CodeBlock>
      </div>
      <ul className="mt-5 grid gap-4 lg:grid-cols-2">
        {docs.map((doc) => (
          <li key={doc.name} className="min-w-0">
            <ApiEndpoint doc={doc} />
          </li>
        ))}
      </ul>
    </section>
  );
}
