import {
  BOOKING_ETA_MAX_MINUTES,
  BOOKING_NOTE_MAX_LENGTH,
  BOOKING_UNIT_MAX_LENGTH,
  bookingActionsFor,
} from '@smart-city/shared';
import type { Booking, BookingCapacity } from '@smart-city/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionButton,
  dangerActionButton,
  otherActionButton,
} from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { RecordActions } from '../../components/record-actions';
import { useBookingTransition } from './booking-transition-mutation';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/**
 * The actions on a booking. Each opens a short form (a note; the unit and ETA for a dispatch);
 * the answer is a toast, or the server's own words when it refuses.
 */
export function BookingActions({
  booking,
  capacity,
  onDone,
}: {
  booking: Booking;
  /** Operations staff move bookings on; the person who booked may only cancel, until dispatch. */
  capacity: BookingCapacity;
  onDone?: (booking: Booking) => void;
}) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const [unit, setUnit] = useState('');
  const [eta, setEta] = useState('');
  const transition = useBookingTransition();
  const unitField = useRef<HTMLInputElement>(null);
  const actions = bookingActionsFor(capacity, booking.status);

  const etaMinutes = eta.trim() === '' ? undefined : Number(eta);
  const etaInvalid =
    etaMinutes !== undefined &&
    (!Number.isInteger(etaMinutes) || etaMinutes < 1 || etaMinutes > BOOKING_ETA_MAX_MINUTES);

  return (
    <RecordActions
      actions={actions}
      containerTestId="booking-actions"
      testId="booking-action"
      mutation={{
        mutate: ({ action, note }, options) =>
          transition.mutate(
            {
              bookingId: booking.id,
              action,
              note: note.trim() || undefined,
              ...(action === 'dispatch' ? { unit: unit.trim() || undefined, etaMinutes } : {}),
            },
            {
              onSuccess: (updated) => {
                options.onSuccess();
                onDone?.(updated);
              },
            },
          ),
        reset: transition.reset,
        isPending: transition.isPending,
        isError: transition.isError,
        error: transition.error,
      }}
      texts={{
        label: (action) => t(`emergency.actions.${action}`),
        title: (action) => t(`emergency.actionTitle.${action}`),
        failed: () => t('emergency.actions.failed'),
        noteLabel: t('emergency.actions.note'),
        noteHint: t('emergency.actions.noteHint', { max: BOOKING_NOTE_MAX_LENGTH }),
        back: t('emergency.actions.back'),
      }}
      noteMaxLength={BOOKING_NOTE_MAX_LENGTH}
      buttonClassName={(action) =>
        action === 'cancel'
          ? dangerActionButton
          : action === actions[0]
            ? actionButton
            : otherActionButton
      }
      submitClassName={(action) => (action === 'cancel' ? dangerActionButton : actionButton)}
      fields={{
        firstField: (action) => (action === 'dispatch' ? unitField : undefined),
        valid: (action) => action !== 'dispatch' || !etaInvalid,
        reset: () => {
          setUnit('');
          setEta('');
        },
        render: (action) =>
          action === 'cancel' ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {booking.status === 'dispatched' || booking.status === 'in_progress'
                ? t('emergency.actions.cancelLate')
                : t('emergency.actions.cancelFree')}
            </p>
          ) : action === 'dispatch' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                ref={unitField}
                label={t('emergency.actions.unit')}
                hint={t('emergency.actions.unitHint')}
                data-testid="booking-dispatch-unit"
                maxLength={BOOKING_UNIT_MAX_LENGTH}
                value={unit}
                onChange={(event) => setUnit(event.target.value)}
              />
              <TextField
                label={t('emergency.actions.eta')}
                data-testid="booking-dispatch-eta"
                inputMode="numeric"
                value={eta}
                error={
                  etaInvalid
                    ? t('emergency.actions.etaInvalid', { max: BOOKING_ETA_MAX_MINUTES })
                    : undefined
                }
                onChange={(event) => setEta(event.target.value)}
              />
            </div>
          ) : null,
      }}
    />
  );
}
