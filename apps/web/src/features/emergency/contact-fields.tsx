import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import type { BookingFormValues } from './booking-form-schema';
import { useBookingFieldError } from './use-booking-field-error';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** Who a responder calls: a name, a phone (required), an e-mail and another number. */
export function ContactFields({ full = true }: { full?: boolean }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const fieldError = useBookingFieldError();
  const {
    register,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        data-testid="booking-contact-name"
        label={t('emergency.form.contactName')}
        autoComplete="name"
        error={fieldError(errors.contactName)}
        {...register('contactName')}
      />
      <TextField
        data-testid="booking-phone"
        label={t('emergency.form.contactPhone')}
        hint={t('emergency.form.contactPhoneHint')}
        type="tel"
        autoComplete="tel"
        error={fieldError(errors.contactPhone)}
        {...register('contactPhone')}
      />
      {full ? (
        <>
          <TextField
            data-testid="booking-email"
            label={t('emergency.form.email')}
            hint={t('emergency.form.emailHint')}
            type="email"
            autoComplete="email"
            error={fieldError(errors.email)}
            {...register('email')}
          />
          <TextField
            data-testid="booking-alternate"
            label={t('emergency.form.alternateContact')}
            hint={t('emergency.form.alternateHint')}
            type="tel"
            autoComplete="off"
            error={fieldError(errors.alternateContact)}
            {...register('alternateContact')}
          />
        </>
      ) : null}
    </div>
  );
}
