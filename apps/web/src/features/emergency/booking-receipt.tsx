import type { Booking } from '@smart-city/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonsWords } from '../../components/persons-words';
import { formatPaise } from '../../lib/format/numbers';
import { formatCityTime, formatMonth } from '../../lib/format/date-time';
import { useCity } from '../../lib/city/city-context';
import { FeeBreakdown } from './fee-breakdown';
import './receipt-print.css';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-3 gap-3 py-2">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd
        data-testid={testId}
        className="col-span-2 text-sm break-words text-slate-900 dark:text-slate-100"
      >
        {children}
      </dd>
    </div>
  );
}

/** A booking's details for the record: service, place, time, contact, the fee line by line, how it is paid. */
export function BookingReceipt({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  const { cities } = useCity();
  const zone = cities.find((city) => city.key === booking.city)?.timeZone;
  return (
    <section
      data-print-receipt
      data-testid="booking-receipt"
      aria-labelledby="receipt-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="receipt-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('emergency.truth.detailsTitle')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('translation:app.name')}</p>
        </div>
      </div>
      <dl className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
        <Row label={t('emergency.result.service')} testId="result-service">
          {t(`emergency.services.${booking.service}`)} ·{' '}
          {t('emergency.urgencyOf', { urgency: t(`emergency.urgency.${booking.urgency}`) })}
        </Row>
        <Row label={t('emergency.booking.place')}>
          <PersonsWords>{booking.location}</PersonsWords>
          {booking.lat !== null && booking.lng !== null ? (
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {booking.area
                ? t('emergency.truth.place.pointNear', {
                    latitude: booking.lat.toFixed(5),
                    longitude: booking.lng.toFixed(5),
                    area: booking.area.name,
                  })
                : t('emergency.truth.place.point', {
                    latitude: booking.lat.toFixed(5),
                    longitude: booking.lng.toFixed(5),
                  })}
            </span>
          ) : null}
        </Row>
        <Row label={t('emergency.result.bookedAt')}>
          {formatCityTime(booking.createdAt, zone, i18n.language)}
        </Row>
        <Row label={t('emergency.booking.contact')}>
          {booking.contactName} · {booking.contactPhone}
        </Row>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">
        {t('emergency.truth.fee')}
      </h3>
      <div className="mt-2 rounded-lg bg-slate-50 p-4 dark:bg-slate-950/40">
        <FeeBreakdown quote={booking} urgency={booking.urgency} testId="result-fee" />
      </div>
      <dl className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
        <Row label={t('emergency.result.paidBy')}>
          {t(`emergency.paymentMethods.${booking.paymentMethod}.name`)}
        </Row>
        <Row label={t('emergency.result.charged')} testId="result-charged">
          {booking.chargedPaise === 0
            ? t('emergency.result.notCharged')
            : t('emergency.result.chargedOn', {
                amount: formatPaise(booking.chargedPaise, i18n.language),
                month: formatMonth(booking.statementMonth, i18n.language),
              })}
        </Row>
      </dl>
    </section>
  );
}
