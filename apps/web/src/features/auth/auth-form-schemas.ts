import { z } from 'zod';
import {
  backupCodeField,
  confirmPasswordField,
  currentPasswordField,
  departmentField,
  emailField,
  nameField,
  newPasswordField,
  passwordMismatch,
  passwordsMustMatch,
  totpCodeField,
} from '../../lib/forms/validation';

export const signInSchema = z.object({ email: emailField, password: currentPasswordField });
export type SignInValues = z.infer<typeof signInSchema>;

/** Checks the confirmation once both passwords are typed, even while other fields are wrong. */
const bothPasswordsTyped = {
  when: (payload: { value: unknown }) => {
    const value = payload.value as Partial<Record<'password' | 'confirmPassword', unknown>>;
    return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
  },
};

/** Registration: no role field, since every new account is a citizen. */
export const registerSchema = z
  .object({
    firstName: nameField('firstNameRequired'),
    lastName: nameField('lastNameRequired'),
    email: emailField,
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
    department: departmentField,
  })
  .refine(passwordsMustMatch, { ...passwordMismatch, ...bothPasswordsTyped });
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: confirmPasswordField })
  .refine(passwordsMustMatch, { ...passwordMismatch, ...bothPasswordsTyped });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const totpCodeSchema = z.object({ code: totpCodeField });
export const backupCodeSchema = z.object({ code: backupCodeField });
export type TwoFactorCodeValues = z.infer<typeof totpCodeSchema>;
