import type { EmergencyCatalogue, EmergencyNumberKind } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { CallNumberPill } from '../../components/call-number-pill';
import { Icon } from '../../components/icon';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/**
 * The notice to call first, with the city's number for every emergency (112 in India, 911 in New
 * York), and every other number of the city, each a tel: link.
 */
export function EmergencyNumbers({
  catalogue,
  cityName,
}: {
  catalogue: EmergencyCatalogue;
  cityName: string;
}) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const primary = catalogue.emergencyNumbers.find((number) => number.primary);
  const others = catalogue.emergencyNumbers.filter((number) => !number.primary);

  return (
    <div className="mb-6 space-y-4">
      {primary ? (
        <section
          aria-labelledby="call-first-title"
          data-testid="call-first"
          className="flex flex-col gap-4 rounded-xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5 dark:border-red-900 dark:bg-red-950/40"
        >
          <div className="flex items-start gap-3">
            <Icon name="emergency" className="mt-0.5 shrink-0 text-red-700 dark:text-red-300" />
            <div>
              <h2 id="call-first-title" className="font-semibold text-red-900 dark:text-red-100">
                {t('emergency.callFirst.title', { number: primary.number })}
              </h2>
              <p className="mt-1 text-sm text-red-900 dark:text-red-100">
                {t('emergency.callFirst.body', { number: primary.number })}
              </p>
            </div>
          </div>
          <a
            href={`tel:${primary.number}`}
            data-testid="call-primary"
            className={`inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-3 text-base font-bold text-white shadow-sm hover:bg-red-800 ${focusRing}`}
          >
            <Icon name="phone" size={18} />
            {t('emergency.callFirst.call', { number: primary.number })}
          </a>
        </section>
      ) : null}
      {others.length > 0 ? (
        <section aria-labelledby="numbers-title">
          <h2
            id="numbers-title"
            className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200"
          >
            {t('emergency.numbers.title', { city: cityName })}
          </h2>
          <ul
            className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
            data-testid="emergency-numbers"
          >
            {others.map((number) => (
              <li key={`${number.number}-${number.kind}`} className="shrink-0">
                <CityNumberPill entry={number} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** One of the city's numbers as a tel: pill, named by its kind ('Police 100'). */
export function CityNumberPill({
  entry,
}: {
  entry: { number: string; kind: EmergencyNumberKind };
}) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const kind = t(`emergency.numbers.kinds.${entry.kind}`);
  return (
    <CallNumberPill
      number={entry.number}
      kindLabel={kind}
      callLabel={t('emergency.numbers.callLabel', { number: entry.number, kind })}
    />
  );
}
