import { OPEN_DATA_HISTORY_MAX_DAYS } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OPEN_DATA_NAMESPACES } from '../../lib/i18n/open-data-namespace';
import { breakable, ExampleRequest } from './code-example';
import type { ApiEndpointDoc } from './open-data-addresses';

export const cardClass =
  'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900';

const chipClass =
  'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200';

/** One endpoint: its paths, what it answers, what it takes, and a request to try. */
export function ApiEndpoint({ doc }: { doc: ApiEndpointDoc }) {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className={`${cardClass} h-full`}
      data-testid="api-endpoint"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        {t(`openData.api.endpoints.${doc.name}.title`)}
      </h3>
      <ul translate="no" className="mt-1 space-y-0.5 font-mono text-xs wrap-anywhere">
        {doc.paths.map((path) => (
          <li key={path} className="text-slate-700 dark:text-slate-300">
            <span className="font-semibold text-emerald-700 dark:text-emerald-300">GET</span>{' '}
            {breakable(path)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {t(`openData.api.endpoints.${doc.name}.body`, {
          hourDays: OPEN_DATA_HISTORY_MAX_DAYS.hour,
          dayDays: OPEN_DATA_HISTORY_MAX_DAYS.day,
        })}
      </p>
      {doc.parameters.length > 0 ? (
        <p className="mt-2 flex flex-wrap items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
          <span>{t('openData.api.parameters')}</span>
          {doc.parameters.map((name) => (
            <code key={name} translate="no" className={chipClass}>
              {name}
            </code>
          ))}
        </p>
      ) : null}
      {doc.example ? (
        <ExampleRequest
          label={t('openData.api.example')}
          address={doc.example.json}
          describedBy={headingId}
          links={[
            { href: doc.example.json, label: t('openData.api.openJson') },
            ...(doc.example.csv
              ? [{ href: doc.example.csv, label: t('openData.api.openCsv') }]
              : []),
          ]}
        />
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {t('openData.api.needsSensor')}
        </p>
      )}
    </article>
  );
}
