import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { useAuth } from '../../lib/auth/auth-context';
import { lazyResolver } from '../../lib/forms/lazy-resolver';
import { useFieldError } from '../../lib/forms/use-field-error';
import type { ForgotPasswordValues } from './auth-form-schemas';

const forgotPasswordChecks = lazyResolver<ForgotPasswordValues>(() =>
  import('./auth-form-resolvers').then((m) => m.forgotPasswordResolver),
);

/**
 * Asks for a reset e-mail. The confirmation reads the same whether or not the address has an
 * account, so the form does not tell strangers who is registered.
 */
export function ForgotPasswordForm({
  defaultEmail,
  onBack,
}: {
  defaultEmail: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { requestPasswordReset } = useAuth();
  const fieldError = useFieldError();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: forgotPasswordChecks,
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    const result = await requestPasswordReset(email);
    if (result.ok) setSentTo(email);
    else setFailure(result.message ?? t('auth.passwordResetFailed'));
  });

  const back = (
    <button type="button" onClick={onBack} className={`${secondaryButton} w-full`}>
      {t('auth.forgot.back')}
    </button>
  );

  if (sentTo !== null) {
    return (
      <div className="space-y-4">
        <InlineAlert tone="success" title={t('auth.forgot.sentTitle')} testId="forgot-sent">
          {t('auth.forgot.sent', { email: sentTo })}
        </InlineAlert>
        {back}
      </div>
    );
  }

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
      {failure ? (
        <InlineAlert tone="error" testId="forgot-error">
          {failure}
        </InlineAlert>
      ) : null}
      <TextField
        id="forgot-email"
        data-testid="forgot-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email)}
        {...register('email')}
      />
      <button
        type="submit"
        data-testid="forgot-submit"
        disabled={isSubmitting}
        className={`${primaryButton} w-full`}
      >
        {isSubmitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
      </button>
      {back}
    </form>
  );
}
