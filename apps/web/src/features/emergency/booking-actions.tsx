import {
  BOOKING_ACTIONS,
  BOOKING_ETA_MAX_MINUTES,
  BOOKING_NOTE_MAX_LENGTH,
  BOOKING_TRANSITIONS,
  BOOKING_UNIT_MAX_LENGTH,
  OWNER_CANCELLABLE_STATUSES,
} from '@smart-city/shared';
import type { Booking, BookingAction } from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { StatusIcon } from '../../components/icon';
import { userFacingMessage } from '../../lib/api-client';
import { useBookingTransition } from './booking-transition-mutation';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

const mainButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-sky-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-60 sm:px-4 ${focusRing}`;
const otherButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 sm:px-4 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`;
const dangerButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-3 py-2 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 sm:px-4 dark:border-red-800 dark:bg-slate-800 dark:text-red-300 dark:hover:bg-red-950/40 ${focusRing}`;

/** The actions a booking's status allows the caller: all of them for operations, cancel for its owner. */
export function availableBookingActions(
  booking: Pick<Booking, 'status'>,
  operations: boolean,
): BookingAction[] {
  if (!operations) return OWNER_CANCELLABLE_STATUSES.includes(booking.status) ? ['cancel'] : [];
  return BOOKING_ACTIONS.filter((action) =>
    BOOKING_TRANSITIONS[action].from.includes(booking.status),
  );
}

/**
 * The actions on a booking. Each opens a short form (a note; the unit and ETA for a dispatch);
 * the answer is a toast, or the server's own words when it refuses.
 */
export function BookingActions({
  booking,
  operations,
  onDone,
}: {
  booking: Booking;
  /** Operators and admins move bookings on; a citizen may only cancel their own. */
  operations: boolean;
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
  const actions = availableBookingActions(booking, operations);

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
              action === 'cancel' ? dangerButton : action === actions[0] ? mainButton : otherButton
            }
          >
            {t(`emergency.actions.${action}`)}
          </button>
        ))}
      </div>
      {chosen ? (
        <form
          id={formId}
          onSubmit={submit}
          noValidate
          data-testid="booking-action-form"
          aria-label={t(`emergency.actionTitle.${chosen}`)}
          className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950/40"
        >
          <p className="text-sm font-semibold text-slate-900 dark:text-white">
            {t(`emergency.actionTitle.${chosen}`)}
          </p>
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
          <TextAreaField
            ref={dispatching ? undefined : firstField}
            label={t('emergency.actions.note')}
            hint={t('emergency.actions.noteHint', { max: BOOKING_NOTE_MAX_LENGTH })}
            data-testid="booking-action-note"
            rows={2}
            maxLength={BOOKING_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          {errorMessage ? (
            <InlineAlert tone="error" testId="booking-action-error">
              {errorMessage}
            </InlineAlert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              data-testid="booking-action-submit"
              disabled={pending}
              aria-busy={pending || undefined}
              className={chosen === 'cancel' ? dangerButton : mainButton}
            >
              {pending ? <StatusIcon status="loading" /> : null}
              {t(`emergency.actions.${chosen}`)}
            </button>
            <button type="button" onClick={close} disabled={pending} className={otherButton}>
              {t('emergency.actions.back')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
