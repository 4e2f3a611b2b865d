import {
  DEPARTMENT_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
} from '@smart-city/shared';
import type { en } from '../i18n/en';

// The forms' bounds and message keys apart from their zod checks, so that a form can show its hints
// before the checks have downloaded.

/** A form error's message: the key of its translated text. */
export type ValidationKey = `validation.${keyof typeof en.validation}`;

export const NAME_MAX_LENGTH = PERSON_NAME_MAX_LENGTH;
export { DEPARTMENT_MAX_LENGTH };

/** Values the translated messages interpolate. */
export const VALIDATION_LIMITS = {
  passwordMin: PASSWORD_MIN_LENGTH,
  passwordMax: PASSWORD_MAX_LENGTH,
  nameMax: NAME_MAX_LENGTH,
  departmentMax: DEPARTMENT_MAX_LENGTH,
};

export function isValidationKey(message: string): message is ValidationKey {
  return message.startsWith('validation.');
}
