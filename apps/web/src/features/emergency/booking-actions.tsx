import {
  BOOKING_ETA_MAX_MINUTES,
  BOOKING_NOTE_MAX_LENGTH,
  BOOKING_UNIT_MAX_LENGTH,
  bookingActionsFor,
} from '@smart-city/shared';
import type { Booking, BookingAction, BookingCapacity } from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/action-form';
import {
  actionButton,
  dangerActionButton,
  otherActionButton,
} from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { userFacingMessage } from '../../lib/api-client';
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
  const [chosen, setChosen] = useState<BookingAction | null>(null);
  const [note, setNote] = useState('');
  const [unit, setUnit] = useState('');
  const [eta, setEta] = useState('');
  const transition = useBookingTransition();
  const formId = useId();
  const firstField = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const buttonRefs = useRef(new Map<BookingAction, HTMLButtonElement>());
  const actions = bookingActionsFor(capacity, booking.status);

  useEffect(() => {
    if (chosen) firstField.current?.focus();
  }, [chosen]);

  if (actions.length === 0 && chosen === null) return null;

  const reset = () => {
    setChosen(null);
    setNote('');
    setUnit('');
    setEta('');
  };

  function choose(action: BookingAction) {
    transition.reset();
    setChosen((current) => (current === action ? null : action));
  }

  function close() {
    const opener = chosen ? buttonRefs.current.get(chosen) : undefined;
    transition.reset();
    reset();
    opener?.focus();
  }

  const etaMinutes = eta.trim() === '' ? undefined : Number(eta);
  const etaInvalid =
    etaMinutes !== undefined &&
    (!Number.isInteger(etaMinutes) || etaMinutes < 1 || etaMinutes > BOOKING_ETA_MAX_MINUTES);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || transition.isPending || (chosen === 'dispatch' && etaInvalid)) return;
    transition.mutate(
      {
        bookingId: booking.id,
        action: chosen,
        note: note.trim() || undefined,
        ...(chosen === 'dispatch' ? { unit: unit.trim() || undefined, etaMinutes } : {}),
      },
      {
        onSuccess: (updated) => {
          reset();
          onDone?.(updated);
        },
      },
    );
  }

  const pending = transition.isPending;
  const errorMessage =
    transition.isError && chosen
      ? (userFacingMessage(transition.error) ?? t('emergency.actions.failed'))
      : null;
  const dispatching = chosen === 'dispatch';

  return (
    <div className="mt-3" data-testid="booking-actions">
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            ref={(element) => {
              if (element) buttonRefs.current.set(action, element);
              else buttonRefs.current.delete(action);
            }}
            data-testid={`booking-action-${action}`}
            aria-expanded={chosen === action}
            aria-controls={chosen === action ? formId : undefined}
            disabled={pending}
            onClick={() => choose(action)}
            className={
              action === 'cancel'
                ? dangerActionButton
                : action === actions[0]
                  ? actionButton
                  : otherActionButton
            }
          >
            {t(`emergency.actions.${action}`)}
          </button>
        ))}
      </div>
      {chosen ? (
        <ActionForm
          id={formId}
          title={t(`emergency.actionTitle.${chosen}`)}
          testId="booking-action"
          onSubmit={submit}
          noteRef={dispatching ? undefined : firstField}
          note={{
            label: t('emergency.actions.note'),
            hint: t('emergency.actions.noteHint', { max: BOOKING_NOTE_MAX_LENGTH }),
            maxLength: BOOKING_NOTE_MAX_LENGTH,
            value: note,
            onChange: setNote,
          }}
          error={errorMessage}
          pending={pending}
          submitLabel={t(`emergency.actions.${chosen}`)}
          submitClassName={chosen === 'cancel' ? dangerActionButton : actionButton}
          backLabel={t('emergency.actions.back')}
          onBack={close}
        >
          {chosen === 'cancel' ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {booking.status === 'dispatched' || booking.status === 'in_progress'
                ? t('emergency.actions.cancelLate')
                : t('emergency.actions.cancelFree')}
            </p>
          ) : null}
          {dispatching ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                ref={firstField}
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
          ) : null}
        </ActionForm>
      ) : null}
    </div>
  );
}
