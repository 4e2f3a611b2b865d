import type { EmergencyCatalogue } from '@smart-city/shared';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { TextAreaField } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { BookingChoices } from './booking-choices';
import { BOOKING_LIMITS } from './booking-form-schema';
import { ContactFields } from './contact-fields';
import { LiveFee, LiveTotal } from './live-fee';
import { LocationFields } from './location-fields';
import { PaymentChoice } from './payment-choice';
import { useBookingFieldError } from './use-booking-field-error';
import { useBookingForm } from './use-booking-form';
import { useSubmitBooking } from './use-submit-booking';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

const sectionClass =
  'space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900';
const headingClass = 'text-base font-semibold text-slate-900 dark:text-white';

/**
 * The full booking form: what to book, where, who to call and how to pay, each field checked as
 * the server checks it, with the fee beside it worked out by the server as the choices change.
 */
export function BookingForm({ catalogue }: { catalogue: EmergencyCatalogue }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const fieldError = useBookingFieldError();
  const form = useBookingForm();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const { submit } = useSubmitBooking(setError);
  const service = useWatch({ control, name: 'service' });
  const serverError = errors.root?.server;
  const submitLabel = (
    <>
      <Icon name="emergency" size={18} />
      {isSubmitting
        ? t('emergency.form.submitting')
        : t('emergency.form.submit', { service: t(`emergency.services.${service}`) })}
    </>
  );

  return (
    <FormProvider {...form}>
      <form
        noValidate
        data-testid="booking-form"
        aria-labelledby="booking-form-title"
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="grid gap-6 lg:grid-cols-3"
      >
        <h2 id="booking-form-title" className="sr-only">
          {t('emergency.tabs.book')}
        </h2>
        <div className="space-y-6 lg:col-span-2">
          {serverError ? (
            <InlineAlert tone="error" title={t('emergency.form.refused')} testId="booking-error">
              {serverError.message || null}
            </InlineAlert>
          ) : null}
          <section className={sectionClass} aria-labelledby="booking-what">
            <h3 id="booking-what" className={headingClass}>
              {t('emergency.form.what')}
            </h3>
            <BookingChoices catalogue={catalogue} />
          </section>
          <section className={sectionClass} aria-labelledby="booking-where">
            <h3 id="booking-where" className={headingClass}>
              {t('emergency.form.where')}
            </h3>
            <LocationFields />
            <TextAreaField
              data-testid="booking-description"
              label={t('emergency.form.description')}
              hint={t('emergency.form.descriptionHint', BOOKING_LIMITS)}
              rows={4}
              error={fieldError(errors.description)}
              {...register('description')}
            />
          </section>
          <section className={sectionClass} aria-labelledby="booking-who">
            <h3 id="booking-who" className={headingClass}>
              {t('emergency.form.who')}
            </h3>
            <ContactFields />
          </section>
          <section className={sectionClass} aria-labelledby="booking-pay">
            <h3 id="booking-pay" className={headingClass}>
              {t('emergency.form.paymentMethod')}
            </h3>
            <PaymentChoice />
          </section>
        </div>
        <aside className="lg:col-span-1">
          <div className={`${sectionClass} lg:sticky lg:top-24`}>
            <h3 className={headingClass}>{t('emergency.quote.title')}</h3>
            <LiveFee />
            {/* A wrapper hides it: the button's own inline-flex would win over `hidden`. */}
            <div className="hidden lg:block">
              <button
                type="submit"
                data-testid="booking-submit"
                disabled={isSubmitting}
                className={`${primaryButton} w-full`}
              >
                {submitLabel}
              </button>
            </div>
          </div>
        </aside>
        {/* On a narrow screen the fee box comes last: the total and the button stay in view. */}
        <div className="sticky bottom-0 -mx-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden dark:border-slate-800 dark:bg-slate-900/95">
          <LiveTotal />
          <button
            type="submit"
            data-testid="booking-submit-bar"
            disabled={isSubmitting}
            className={primaryButton}
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
