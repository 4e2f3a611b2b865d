import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidationKey, VALIDATION_LIMITS } from './limits';

/**
 * Turns a form field's error (react-hook-form's, or a form's own) into the text under it:
 * translated, or the server's own words.
 */
export function useFieldError(): (error: { message?: string } | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (error) => {
      const message = error?.message;
      if (!message) return undefined;
      return isValidationKey(message) ? t(message, VALIDATION_LIMITS) : message;
    },
    [t],
  );
}
