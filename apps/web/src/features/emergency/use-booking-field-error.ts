import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BOOKING_LIMITS, isBookingValidationKey } from './booking-form-schema';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** A booking field's error as the text under it: translated, or the server's own words. */
export function useBookingFieldError(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  return useCallback(
    (error) => {
      const message = error?.message;
      if (!message) return undefined;
      return isBookingValidationKey(message) ? t(message, BOOKING_LIMITS) : message;
    },
    [t],
  );
}
