import { URGENCIES } from '@smart-city/shared';
import type { EmergencyCatalogue } from '@smart-city/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatPaise, numberFormat } from '../../lib/format/numbers';
import { serviceOf } from './catalogue-query';
import type { BookingFormValues } from './booking-form-schema';
import { useBookingFieldError } from './use-booking-field-error';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

const legendClass = 'mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100';

/** A choice drawn as a card: the input stays a real radio or checkbox, focus ring and all. */
const choiceCard =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm has-checked:border-sky-600 has-checked:bg-sky-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sky-500 dark:border-slate-600 dark:bg-slate-900 dark:has-checked:border-sky-400 dark:has-checked:bg-sky-950/50';

const inputClass = 'mt-0.5 size-4 shrink-0 accent-sky-700';

function FieldErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}

/**
 * What to book: the service (with its base fee), the urgency (with its multiplier), the service's
 * add-ons (with their fees) and whether the place is remote. Every figure comes from the catalogue.
 */
export function BookingChoices({ catalogue }: { catalogue: EmergencyCatalogue }) {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  const fieldError = useBookingFieldError();
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const serviceId = useWatch({ control, name: 'service' });
  const service = serviceOf(catalogue, serviceId);

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className={legendClass}>{t('emergency.form.service')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {catalogue.services.map((option) => (
            <label key={option.id} className={choiceCard}>
              <input
                type="radio"
                value={option.id}
                className={inputClass}
                data-testid={`booking-service-${option.id}`}
                {...register('service', {
                  // Add-ons belong to one service: a new service starts without any.
                  onChange: () => setValue('addOns', []),
                })}
              />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900 dark:text-white">
                  {t(`emergency.services.${option.id}`, { defaultValue: option.name })}
                </span>
                <span className="text-slate-600 dark:text-slate-400">
                  {t('emergency.form.baseFee', {
                    fee: formatPaise(option.baseFeePaise, i18n.language),
                  })}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className={legendClass}>{t('emergency.form.urgency')}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {URGENCIES.map((urgency) => (
            <label key={urgency} className={choiceCard}>
              <input
                type="radio"
                value={urgency}
                className={inputClass}
                data-testid={`booking-urgency-${urgency}`}
                {...register('urgency')}
              />
              <span>
                <span className="block font-semibold text-slate-900 dark:text-white">
                  {t(`emergency.urgency.${urgency}`)}
                </span>
                {service ? (
                  <span className="text-slate-600 tabular-nums dark:text-slate-400">
                    {t('emergency.form.multiplier', {
                      multiplier: numberFormat(i18n.language, { minimumFractionDigits: 1 }).format(
                        service.urgencyMultipliers[urgency],
                      ),
                    })}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {service ? (
        <fieldset aria-describedby={errors.addOns ? 'booking-add-ons-error' : undefined}>
          <legend className={legendClass}>{t('emergency.form.addOns')}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {service.addOns.map((addOn) => (
              <label key={addOn.id} className={choiceCard}>
                <input
                  type="checkbox"
                  value={addOn.id}
                  className={inputClass}
                  data-testid={`booking-add-on-${addOn.id}`}
                  {...register('addOns')}
                />
                <span>
                  <span className="block font-semibold text-slate-900 dark:text-white">
                    {t(`emergency.addOns.${addOn.id}`, { defaultValue: addOn.name })}
                  </span>
                  <span className="text-slate-600 tabular-nums dark:text-slate-400">
                    {t('emergency.form.addOnFee', {
                      fee: formatPaise(addOn.feePaise, i18n.language),
                    })}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldErrorText id="booking-add-ons-error" message={fieldError(errors.addOns as never)} />
        </fieldset>
      ) : null}

      <label className={choiceCard}>
        <input
          type="checkbox"
          className={inputClass}
          data-testid="booking-remote"
          {...register('remote')}
        />
        <span>
          <span className="block font-semibold text-slate-900 dark:text-white">
            {t('emergency.form.remote')}
          </span>
          <span className="text-slate-600 dark:text-slate-400">
            {t('emergency.form.remoteHint', { percent: catalogue.remoteSurchargePercent })}
          </span>
        </span>
      </label>
    </div>
  );
}
