import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiRequestError, userFacingMessage } from '../../lib/api-client';
import { useCity } from '../../lib/city/city-context';
import { bookingResultPath } from '../../lib/paths';
import { bookingBodyOf, formFieldOf } from './booking-form-schema';
import type { BookingFormValues } from './booking-form-schema';
import { useCreateBooking } from './create-booking';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

function capitalised(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * Sends a checked booking form for the selected city and opens the provider's return page: the
 * success screen, or the cancel screen when the payment was declined. The server's field errors
 * land under their fields; anything else shows above the form.
 */
export function useSubmitBooking(setError: UseFormSetError<BookingFormValues>) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const navigate = useNavigate();
  const { cityKey } = useCity();
  const create = useCreateBooking();

  const submit = async (values: BookingFormValues) => {
    try {
      const booking = await create.mutateAsync(bookingBodyOf(values, cityKey));
      const variant = booking.status === 'payment_failed' ? 'cancel' : 'success';
      await navigate(bookingResultPath(variant, booking.id));
    } catch (error) {
      const issues = error instanceof ApiRequestError ? error.fieldIssues : [];
      let named = false;
      for (const issue of issues) {
        const field = formFieldOf(issue.path);
        if (!field) continue;
        named = true;
        setError(field, { message: capitalised(issue.message) });
      }
      if (!named) {
        setError('root.server', {
          message: userFacingMessage(error) ?? t('emergency.form.failed'),
        });
      }
    }
  };
  return { submit, pending: create.isPending };
}
