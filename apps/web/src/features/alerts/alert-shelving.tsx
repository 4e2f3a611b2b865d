import {
  ACTIVE_ALERT_STATUSES,
  ALERT_SHELVE_REASON_MAX_LENGTH,
  isShelved,
  type Alert,
} from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/action-form';
import { otherActionButton } from '../../components/button-styles';
import { FilterChip } from '../../components/filter-chips';
import { labelClass } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { PersonsWords } from '../../components/persons-words';
import { StatusIcon } from '../../components/status-icon';
import { userFacingMessage } from '../../lib/api-client';
import { useMinuteClock } from '../../lib/clock';
import { useCityDates } from '../../lib/format/use-city-dates';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { actorName } from './actor-name';
import { useShelveAlert, useUnshelveAlert } from './alert-shelve-mutation';

/** The shelve times an operator picks from, in minutes: an hour, a shift's part, a shift, a day. */
const SHELVE_DURATIONS = [60, 240, 480, 1440] as const;

/** Checked once a minute: a shelve that runs out shows the alert as active again. */
const SHELVE_CLOCK_MS = 60_000;

/** "Shelved until 2:30 PM — reason", who shelved it, and Unshelve. */
function ShelvedLine({ alert }: { alert: Alert }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const dates = useCityDates();
  const unshelve = useUnshelveAlert();
  const pending = unshelve.isPending;
  const by = alert.shelvedBy ? actorName(alert.shelvedBy) : null;
  return (
    <div
      data-testid="alert-shelved"
      className="mt-3 space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-start gap-2 break-words">
        <Icon name="clock" size={16} className="mt-0.5 shrink-0" />
        <span>
          <span className="font-semibold">
            {t('shelve.until', { time: dates.dateTime(alert.shelvedUntil!) })}
          </span>
          {alert.shelvedReason ? (
            <>
              {' — '}
              <PersonsWords>{alert.shelvedReason}</PersonsWords>
            </>
          ) : null}
        </span>
      </p>
      {by ? (
        <p className="text-xs" title={by.email ?? undefined}>
          {t('shelve.by', { name: by.name })}
        </p>
      ) : null}
      {unshelve.isError ? (
        <InlineAlert tone="error" testId="alert-unshelve-error">
          {userFacingMessage(unshelve.error) ?? t('shelve.unshelveFailed')}
        </InlineAlert>
      ) : null}
      <button
        type="button"
        data-testid="alert-unshelve"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => unshelve.mutate(alert.id)}
        className={otherActionButton}
      >
        {pending ? <StatusIcon status="loading" /> : null}
        {pending ? t('shelve.unshelvePending') : t('shelve.unshelve')}
      </button>
    </div>
  );
}

/**
 * Shelving for operators and admins: an active alert can be put aside for a chosen time with a
 * required reason; a shelved one says until when and why, and can be brought back at once.
 */
export function AlertShelving({ alert }: { alert: Alert }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const now = useMinuteClock(SHELVE_CLOCK_MS);
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState<number>(SHELVE_DURATIONS[0]);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const shelve = useShelveAlert();
  const formId = useId();
  const openerRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (open) reasonRef.current?.focus();
  }, [open]);

  if (!ACTIVE_ALERT_STATUSES.includes(alert.status)) return null;
  if (isShelved(alert, now.getTime())) return <ShelvedLine alert={alert} />;

  function close() {
    shelve.reset();
    setOpen(false);
    setReason('');
    setReasonMissing(false);
    openerRef.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (shelve.isPending) return;
    if (reason.trim() === '') {
      setReasonMissing(true);
      reasonRef.current?.focus();
      return;
    }
    shelve.mutate(
      { alertId: alert.id, minutes, reason },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
        },
      },
    );
  }

  const pending = shelve.isPending;
  const error = reasonMissing
    ? t('shelve.reasonRequired')
    : shelve.isError
      ? (userFacingMessage(shelve.error) ?? t('shelve.failed'))
      : null;

  return (
    <div className="mt-3">
      <button
        type="button"
        ref={openerRef}
        data-testid="alert-shelve"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        disabled={pending}
        onClick={() => {
          shelve.reset();
          setReasonMissing(false);
          setOpen((now) => !now);
        }}
        className={otherActionButton}
      >
        <Icon name="clock" size={16} />
        {t('shelve.action')}
      </button>
      {open ? (
        <ActionForm
          id={formId}
          title={t('shelve.title')}
          testId="alert-shelve"
          onSubmit={submit}
          noteRef={reasonRef}
          note={{
            label: t('shelve.reasonLabel'),
            hint: t('shelve.reasonHint', { max: ALERT_SHELVE_REASON_MAX_LENGTH }),
            maxLength: ALERT_SHELVE_REASON_MAX_LENGTH,
            value: reason,
            onChange: (value) => {
              setReason(value);
              if (value.trim() !== '') setReasonMissing(false);
            },
          }}
          error={error}
          pending={pending}
          submitLabel={pending ? t('shelve.pending') : t('shelve.action')}
          backLabel={t('shelve.cancel')}
          onBack={close}
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('shelve.intro')}</p>
          <fieldset>
            <legend className={labelClass}>{t('shelve.duration')}</legend>
            <div className="flex flex-wrap gap-2">
              {SHELVE_DURATIONS.map((choice) => (
                <FilterChip
                  key={choice}
                  testId={`alert-shelve-${choice}`}
                  label={t(`shelve.durations.${choice}`)}
                  count={null}
                  pressed={minutes === choice}
                  onSelect={() => setMinutes(choice)}
                />
              ))}
            </div>
          </fieldset>
        </ActionForm>
      ) : null}
    </div>
  );
}
