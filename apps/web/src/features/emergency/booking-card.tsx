import { DISPATCHED_STATUSES } from '@smart-city/shared';
import type { Booking } from '@smart-city/shared';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonsWords } from '../../components/persons-words';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { TimeAgo } from '../../components/time-ago';
import { formatPaise } from '../../lib/format/numbers';
import { bookingResultPath } from '../../lib/paths';
import { BookingActions } from './booking-actions';
import { BookingHistory } from './booking-history';
import { BookingStatusPill, UrgencyPill } from './booking-status-pill';
import { FeeBreakdown } from './fee-breakdown';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

const linkClass = `rounded font-medium text-sky-700 hover:underline dark:text-sky-300 ${focusRing}`;

function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd data-testid={testId} className="text-sm break-words text-slate-900 dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}

/**
 * One booking: the service, its urgency and status, where and when, what it costs, the unit on its
 * way; its fee breakdown, contacts and history on demand; and the actions the reader may take.
 */
export function BookingCard({
  booking,
  operations,
  aside,
}: {
  booking: Booking;
  /** Operations staff see who booked and move bookings on; an owner may cancel before dispatch. */
  operations: boolean;
  /** Drawn beside the booking's facts (the dispatch queue's map of the place). */
  aside?: ReactNode;
}) {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  const titleId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const lateForOwner = !operations && DISPATCHED_STATUSES.includes(booking.status);

  return (
    <article
      aria-labelledby={titleId}
      data-testid="booking-card"
      data-booking-id={booking.id}
      data-status={booking.status}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className={aside ? 'flex flex-col gap-4 sm:flex-row' : undefined}>
        {aside ? <div className="shrink-0 sm:order-last sm:w-44">{aside}</div> : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <UrgencyPill urgency={booking.urgency} />
            <BookingStatusPill status={booking.status} />
            <TimeAgo
              iso={booking.createdAt}
              className="ml-auto text-xs font-medium text-slate-600 dark:text-slate-300"
            />
          </div>
          <h3 id={titleId} className="mt-2 text-base font-semibold text-slate-900 dark:text-white">
            {t(`emergency.services.${booking.service}`)}
          </h3>
          <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
            <Fact label={t('emergency.truth.reference.title')} testId="booking-reference">
              <span className="font-mono">{booking.reference}</span>
            </Fact>
            <Fact label={t('emergency.booking.place')} testId="booking-place">
              <PersonsWords>{booking.location}</PersonsWords>
            </Fact>
            <Fact label={t('emergency.booking.total')} testId="booking-total">
              <span className="tabular-nums">{formatPaise(booking.totalPaise, i18n.language)}</span>
            </Fact>
            {operations ? (
              <Fact label={t('emergency.booking.contact')}>
                {booking.contactName} ·{' '}
                <a href={`tel:${booking.contactPhone}`} className={linkClass}>
                  {booking.contactPhone}
                </a>
              </Fact>
            ) : null}
            {booking.unit || booking.etaMinutes !== null ? (
              <Fact label={t('emergency.booking.unit')} testId="booking-unit">
                {[
                  booking.unit,
                  booking.etaMinutes !== null
                    ? t('emergency.booking.eta', { count: booking.etaMinutes })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Fact>
            ) : null}
          </dl>
        </div>
      </div>
      {lateForOwner ? (
        <p className="mt-3 flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Icon name="truck" size={16} className="mt-0.5 shrink-0" />
          {t('emergency.booking.onItsWay')}
        </p>
      ) : null}
      <BookingActions booking={booking} capacity={operations ? 'operations' : 'owner'} />
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <button
          type="button"
          data-testid="booking-details-toggle"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen((value) => !value)}
          className={`inline-flex items-center gap-1 text-sm ${linkClass}`}
        >
          <Icon
            name="chevron-down"
            size={16}
            className={`transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
          {t('emergency.booking.details')}
        </button>
        {!operations && booking.status !== 'payment_failed' ? (
          <Link
            to={bookingResultPath(
              booking.status === 'cancelled' ? 'cancel' : 'success',
              booking.id,
            )}
            className={`text-sm ${linkClass}`}
          >
            {t('emergency.truth.detailsTitle')}
          </Link>
        ) : null}
      </div>
      {open ? (
        <div id={detailsId} className="mt-3 grid gap-4 lg:grid-cols-2">
          <div className="space-y-3">
            <FeeBreakdown quote={booking} urgency={booking.urgency} testId="booking-card-fee" />
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t('emergency.booking.charged', {
                amount: formatPaise(booking.chargedPaise, i18n.language),
              })}
            </p>
            <dl className="grid gap-2 sm:grid-cols-2">
              <Fact label={t('emergency.booking.phone')}>{booking.contactPhone}</Fact>
              {booking.alternateContact ? (
                <Fact label={t('emergency.form.alternateContact')}>{booking.alternateContact}</Fact>
              ) : null}
              {booking.description ? (
                <Fact label={t('emergency.form.description')}>
                  <PersonsWords>{booking.description}</PersonsWords>
                </Fact>
              ) : null}
            </dl>
          </div>
          <BookingHistory history={booking.history} />
        </div>
      ) : null}
    </article>
  );
}
