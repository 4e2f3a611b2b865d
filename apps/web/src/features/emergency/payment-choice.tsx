import { PAYMENT_METHODS } from '@smart-city/shared';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BookingFormValues } from './booking-form-schema';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** How to pay: each method the contract knows, the municipal account (postpaid) first. */
export function PaymentChoice() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { register } = useFormContext<BookingFormValues>();
  return (
    <fieldset>
      <legend className="sr-only">{t('emergency.form.paymentMethod')}</legend>
      {PAYMENT_METHODS.map((method) => (
        <label
          key={method}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-sky-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sky-500 dark:border-slate-600 dark:has-checked:border-sky-400"
        >
          <input
            type="radio"
            value={method}
            className="mt-0.5 size-4 shrink-0 accent-sky-700"
            {...register('paymentMethod')}
          />
          <span>
            <span className="block font-semibold text-slate-900 dark:text-white">
              {t(`emergency.paymentMethods.${method}.name`)}
            </span>
            <span className="text-slate-600 dark:text-slate-400">
              {t(`emergency.paymentMethods.${method}.description`)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
