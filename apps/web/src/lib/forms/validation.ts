import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, phoneSchema } from '@smart-city/shared';
import { z } from 'zod';
import type { en } from '../i18n/en';
import { DEPARTMENT_MAX_LENGTH, NAME_MAX_LENGTH } from './limits';
import type { ValidationKey } from './limits';

export { DEPARTMENT_MAX_LENGTH, NAME_MAX_LENGTH, type ValidationKey } from './limits';

/**
 * Form fields checked as the server checks them (the bounds come from the shared contract), with
 * messages that are translation keys, so every error can be shown in the reader's language.
 */
const key = (name: keyof typeof en.validation): ValidationKey => `validation.${name}`;

export function nameField(requiredKey: 'firstNameRequired' | 'lastNameRequired') {
  return z.string().trim().min(1, key(requiredKey)).max(NAME_MAX_LENGTH, key('nameTooLong'));
}

export const emailField = z
  .string()
  .trim()
  .min(1, key('emailRequired'))
  .pipe(z.email(key('emailInvalid')));

/** A password being chosen: the server's length bounds. */
export const newPasswordField = z
  .string()
  .min(1, key('passwordRequired'))
  .min(PASSWORD_MIN_LENGTH, key('passwordTooShort'))
  .max(PASSWORD_MAX_LENGTH, key('passwordTooLong'));

/** A password being entered to prove who you are: anything but empty. */
export const currentPasswordField = z.string().min(1, key('passwordRequired'));

export const confirmPasswordField = z.string().min(1, key('confirmRequired'));

export const departmentField = z
  .string()
  .trim()
  .max(DEPARTMENT_MAX_LENGTH, key('departmentTooLong'));

/** Optional: empty clears it; anything else must be a phone number the server accepts. */
export const phoneField = z
  .string()
  .trim()
  .refine((value) => value === '' || phoneSchema.safeParse(value).success, key('phoneInvalid'));

/** The 6 digits an authenticator app shows. */
export const totpCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, key('codeInvalid'));

export const backupCodeField = z.string().trim().min(1, key('backupCodeRequired'));

/** Adds "the confirmation must match" to a schema with `password` and `confirmPassword`. */
export function passwordsMustMatch(data: { password: string; confirmPassword: string }) {
  return data.password === data.confirmPassword;
}
export const passwordMismatch = {
  message: key('passwordMismatch'),
  path: ['confirmPassword'],
};
