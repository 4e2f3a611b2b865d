import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { PasswordField, TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { useAuth } from '../../lib/auth/auth-context';
import { lazyResolver } from '../../lib/forms/lazy-resolver';
import { useFieldError } from '../../lib/forms/use-field-error';
import { VALIDATION_LIMITS } from '../../lib/forms/limits';
import type { RegisterValues } from './auth-form-schemas';

const registerChecks = lazyResolver<RegisterValues>(() =>
  import('./auth-form-resolvers').then((m) => m.registerResolver),
);

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'department'] as const;

function isFormField(name: string): name is (typeof FIELDS)[number] {
  return (FIELDS as readonly string[]).includes(name);
}

/**
 * Self-registration. There is no role to choose: the server makes every new account a citizen.
 * When the server signs the new account in, the login page moves on by itself.
 */
export function RegisterForm({
  defaultEmail,
  onRegisteredSignedOut,
}: {
  defaultEmail: string;
  /** The account exists but the server did not sign it in (it wants the address verified first). */
  onRegisteredSignedOut: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { signUp } = useAuth();
  const fieldError = useFieldError();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: registerChecks,
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: defaultEmail,
      password: '',
      confirmPassword: '',
      department: '',
    },
  });

  const onSubmit = handleSubmit(async ({ firstName, lastName, email, password, department }) => {
    setServerMessage(null);
    const result = await signUp({ firstName, lastName, email, password, department });
    if (!result.ok) {
      setServerMessage(result.message);
      for (const issue of result.fieldIssues) {
        if (isFormField(issue.field)) setError(issue.field, { message: issue.message });
      }
      return;
    }
    if (!result.signedIn) onRegisteredSignedOut(email);
  });

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
      {serverMessage ? (
        <InlineAlert tone="error" title={t('auth.registrationFailed')} testId="register-error">
          {serverMessage}
        </InlineAlert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="register-first-name"
          data-testid="register-first-name"
          label={t('auth.register.firstName')}
          autoComplete="given-name"
          error={fieldError(errors.firstName)}
          {...register('firstName')}
        />
        <TextField
          id="register-last-name"
          data-testid="register-last-name"
          label={t('auth.register.lastName')}
          autoComplete="family-name"
          error={fieldError(errors.lastName)}
          {...register('lastName')}
        />
      </div>
      <TextField
        id="register-email"
        data-testid="register-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email)}
        {...register('email')}
      />
      <PasswordField
        id="register-password"
        data-testid="register-password"
        label={t('auth.password')}
        autoComplete="new-password"
        hint={t('auth.register.passwordHint', VALIDATION_LIMITS)}
        error={fieldError(errors.password)}
        {...register('password')}
      />
      <PasswordField
        id="register-confirm-password"
        data-testid="register-confirm-password"
        label={t('auth.register.confirmPassword')}
        autoComplete="new-password"
        error={fieldError(errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      <TextField
        id="register-department"
        data-testid="register-department"
        label={t('auth.register.department')}
        autoComplete="organization-title"
        error={fieldError(errors.department)}
        {...register('department')}
      />
      <button
        type="submit"
        data-testid="register-submit"
        disabled={isSubmitting}
        className={`${primaryButton} w-full`}
      >
        {isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
      </button>
    </form>
  );
}
