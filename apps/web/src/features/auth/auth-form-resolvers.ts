import { zodResolver } from '@hookform/resolvers/zod';
import {
  backupCodeSchema,
  forgotPasswordSchema,
  registerSchema,
  resetPasswordSchema,
  totpCodeSchema,
} from './auth-form-schemas';

// The account forms' checks, in a chunk of their own that each form loads when it first checks
// (see lazyResolver): the sign-in and password pages open without zod.
export const registerResolver = zodResolver(registerSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const resetPasswordResolver = zodResolver(resetPasswordSchema);
export const totpCodeResolver = zodResolver(totpCodeSchema);
export const backupCodeResolver = zodResolver(backupCodeSchema);
