import type { Booking } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon, StatusIcon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { READING_WIDTH } from '../../components/page-width';
import { QueryContent } from '../../components/query-states';
import { formatPaise } from '../../lib/format/numbers';
import { bookingResultPath, emergencyTabPath, quickBookingPath } from '../../lib/paths';
import { BookingActions } from './booking-actions';
import { useBooking } from './booking-query';
import { BookingNextSteps, BookingReference } from './booking-next-steps';
import { BookingReceipt } from './booking-receipt';
import { DEFAULT_SERVICE, DEFAULT_URGENCY } from './booking-form-schema';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { emergencyLive as liveModule } from './emergency.live';

export type EmergencyResultVariant = 'success' | 'cancel';

/** Why nothing (or only the base fee) was charged, in words. */
function CancelOutcome({ booking }: { booking: Booking | null }) {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  if (booking?.status === 'payment_failed') {
    const reason = booking.history.findLast((entry) => entry.action === 'payment_failed')?.note;
    return (
      <InlineAlert
        tone="warning"
        title={t('emergency.result.nothingCharged')}
        testId="result-outcome"
      >
        {reason
          ? t('emergency.result.declined', { reason })
          : t('emergency.result.declinedNoReason')}
      </InlineAlert>
    );
  }
  if (booking && booking.chargedPaise > 0) {
    return (
      <InlineAlert
        tone="info"
        title={t('emergency.result.chargedLateTitle')}
        testId="result-outcome"
      >
        {t('emergency.result.chargedLate', {
          amount: formatPaise(booking.chargedPaise, i18n.language),
        })}
      </InlineAlert>
    );
  }
  if (booking && booking.status !== 'cancelled') {
    return (
      <InlineAlert
        tone="info"
        title={t('emergency.result.notCancelledTitle')}
        testId="result-outcome"
      >
        {t('emergency.result.notCancelled')}
      </InlineAlert>
    );
  }
  return (
    <InlineAlert
      tone="success"
      title={t('emergency.result.nothingCharged')}
      testId="result-outcome"
    >
      {t('emergency.result.nothingChargedBody')}
    </InlineAlert>
  );
}

function Result({
  booking,
  variant,
}: {
  booking: Booking | null;
  variant: EmergencyResultVariant;
}) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const navigate = useNavigate();
  const retry = quickBookingPath(
    booking?.service ?? DEFAULT_SERVICE,
    booking?.urgency ?? DEFAULT_URGENCY,
  );
  const success = variant === 'success';

  return (
    <div className="space-y-5">
      {success && booking?.status === 'pending_payment' ? (
        <InlineAlert tone="info" title={t('emergency.result.waitingTitle')} testId="result-waiting">
          {t('emergency.result.waiting')}
        </InlineAlert>
      ) : null}
      {success && booking?.status === 'payment_failed' ? (
        <InlineAlert tone="error" title={t('emergency.result.failedTitle')}>
          {t('emergency.result.failed')}
        </InlineAlert>
      ) : null}
      {!success ? <CancelOutcome booking={booking} /> : null}
      {/* What happens next comes first, then the reference to quote, then the fee. */}
      {success && booking ? <BookingNextSteps booking={booking} /> : null}
      {booking ? <BookingReference booking={booking} /> : null}
      {booking ? <BookingReceipt booking={booking} /> : null}
      <div className="flex flex-wrap gap-3" data-print-hide>
        {success && booking ? (
          <button
            type="button"
            className={primaryButton}
            onClick={() => window.print()}
            data-testid="result-print"
          >
            <Icon name="printer" size={18} />
            {t('emergency.truth.print')}
          </button>
        ) : (
          <Link to={retry} className={primaryButton} data-testid="result-retry">
            <Icon name="retry" size={18} />
            {t('emergency.result.retry')}
          </Link>
        )}
        <Link
          to={emergencyTabPath('mine')}
          className={secondaryButton}
          data-testid="result-my-bookings"
        >
          {t('emergency.result.toMyBookings')}
        </Link>
      </div>
      {success && booking ? (
        <BookingActions
          booking={booking}
          capacity="owner"
          onDone={(cancelled) => void navigate(bookingResultPath('cancel', cancelled.id))}
        />
      ) : null}
    </div>
  );
}

/**
 * The page a booking's payment returns to. Success: what happens next (status, unit, ETA, the
 * numbers to call), followed live and polled while the payment is open, then the reference and the
 * fee. Cancel: what was (not) charged and a way to book again.
 */
export function EmergencyResultPage({ variant }: { variant: EmergencyResultVariant }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const [params] = useSearchParams();
  const id = params.get('booking');
  const query = useBooking(id);
  const success = variant === 'success';

  return (
    <div className={READING_WIDTH}>
      <PageHeader
        title={
          success
            ? t('signedIn:screens.emergencySuccess.title')
            : t('signedIn:screens.emergencyCancel.title')
        }
      />
      {id === null || id === '' ? (
        success ? (
          <EmptyState
            icon={<StatusIcon status="info" size={24} />}
            title={t('emergency.result.missing')}
            description={t('emergency.result.missingHint')}
            action={
              <Link to={emergencyTabPath('mine')} className={secondaryButton}>
                {t('emergency.result.toMyBookings')}
              </Link>
            }
          />
        ) : (
          <Result booking={null} variant={variant} />
        )
      ) : (
        <QueryContent
          query={query}
          errorMessage={t('emergency.result.loadFailed')}
          errorTestId="result-error"
        >
          {(booking) => <Result booking={booking} variant={variant} />}
        </QueryContent>
      )}
    </div>
  );
}
