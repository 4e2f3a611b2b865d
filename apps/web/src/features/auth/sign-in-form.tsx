import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { focusRing, primaryButton } from '../../components/button-styles';
import { PasswordField, TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { useAuth } from '../../lib/auth/auth-context';
import { lazyResolver } from '../../lib/forms/lazy-resolver';
import { useFieldError } from '../../lib/forms/use-field-error';
import type { SignInValues } from './auth-form-schemas';

const signInChecks = lazyResolver<SignInValues>(() =>
  import('./auth-form-resolvers').then((m) => m.signInResolver),
);

/** E-mail and password. A refused sign-in toasts 'Login failed' and says why above the fields. */
export function SignInForm({
  defaultEmail,
  onTwoFactor,
  onForgotPassword,
}: {
  defaultEmail: string;
  /** The password was right and the account asks for its second factor. */
  onTwoFactor: (email: string) => void;
  onForgotPassword: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const fieldError = useFieldError();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: signInChecks,
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const result = await signIn(email, password);
    if (result.status === 'two-factor') onTwoFactor(email);
    if (result.status === 'failed') {
      setFailure(result.message);
      resetField('password');
    }
  });

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
      {failure ? (
        <InlineAlert tone="error" testId="login-error">
          {failure}
        </InlineAlert>
      ) : null}
      <TextField
        id="login-email"
        data-testid="login-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email)}
        {...register('email')}
      />
      <div>
        <PasswordField
          id="login-password"
          data-testid="login-password"
          label={t('auth.password')}
          autoComplete="current-password"
          error={fieldError(errors.password)}
          {...register('password')}
        />
        <div className="mt-2 flex justify-end">
          <button
            type="button"
            data-testid="login-forgot-password"
            onClick={() => onForgotPassword(getValues('email'))}
            className={`rounded text-sm font-medium text-sky-700 hover:underline dark:text-sky-400 ${focusRing}`}
          >
            {t('auth.forgotPassword')}
          </button>
        </div>
      </div>
      <button
        type="submit"
        data-testid="login-submit"
        disabled={isSubmitting}
        className={`${primaryButton} w-full`}
      >
        {isSubmitting ? t('auth.signingIn') : t('auth.signIn')}
      </button>
    </form>
  );
}
