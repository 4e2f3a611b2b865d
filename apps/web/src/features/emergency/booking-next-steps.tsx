import type { Booking } from '@smart-city/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BookingStatusPill } from './booking-status-pill';
import { CityNumberPill } from './emergency-numbers';
import { useCatalogue } from './catalogue-query';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

function Step({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd data-testid={testId} className="text-base font-semibold text-slate-900 dark:text-white">
        {children}
      </dd>
    </div>
  );
}

const waitingClass = 'text-sm font-normal text-slate-600 dark:text-slate-400';

/**
 * What a person who has just booked needs first: where the booking stands and what comes next,
 * the unit once one is sent and its ETA once the dispatcher gives one, and the numbers to call
 * if things get worse.
 */
export function BookingNextSteps({ booking }: { booking: Booking }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const catalogue = useCatalogue(booking.city);
  const open = !['completed', 'cancelled', 'payment_failed'].includes(booking.status);
  const numbers = catalogue.data?.emergencyNumbers ?? [];

  return (
    <section
      aria-labelledby="next-steps-title"
      data-testid="result-next"
      className="rounded-xl border border-sky-200 bg-sky-50 p-5 sm:p-6 dark:border-sky-900 dark:bg-sky-950/30"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="next-steps-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('emergency.truth.next.title')}
        </h2>
        <BookingStatusPill status={booking.status} />
      </div>
      <p data-testid="result-next-status" className="mt-2 text-slate-800 dark:text-slate-100">
        {t(`emergency.truth.next.status.${booking.status}`)}
      </p>
      {open ? (
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Step label={t('emergency.truth.next.unit')} testId="result-unit">
            {booking.unit ?? (
              <span className={waitingClass}>{t('emergency.truth.next.unitWaiting')}</span>
            )}
          </Step>
          <Step label={t('emergency.truth.next.eta')} testId="result-eta">
            {booking.etaMinutes !== null ? (
              t('emergency.truth.next.etaMinutes', { count: booking.etaMinutes })
            ) : (
              <span className={waitingClass}>{t('emergency.truth.next.etaWaiting')}</span>
            )}
          </Step>
        </dl>
      ) : null}
      {numbers.length > 0 ? (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
            {t('emergency.truth.next.call')}
          </h3>
          <ul className="flex flex-wrap gap-2" data-testid="result-numbers">
            {numbers.map((number) => (
              <li key={`${number.kind}-${number.number}`}>
                <CityNumberPill entry={number} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The booking's short reference, to read out on the phone. */
export function BookingReference({ booking }: { booking: Booking }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  return (
    <section
      aria-labelledby="reference-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="reference-title" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
        {t('emergency.truth.reference.title')}
      </h2>
      <p
        data-testid="result-booking-id"
        className="mt-1 font-mono text-2xl font-bold tracking-wide text-slate-900 dark:text-white"
      >
        {booking.reference}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t('emergency.truth.reference.hint')}
      </p>
    </section>
  );
}
