import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { PasswordField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { useAuth } from '../../lib/auth/auth-context';
import { lazyResolver } from '../../lib/forms/lazy-resolver';
import { useFieldError } from '../../lib/forms/use-field-error';
import { VALIDATION_LIMITS } from '../../lib/forms/limits';
import { PATHS } from '../../lib/paths';
import type { ResetPasswordValues } from './auth-form-schemas';

const resetPasswordChecks = lazyResolver<ResetPasswordValues>(() =>
  import('./auth-form-resolvers').then((m) => m.resetPasswordResolver),
);
import { PublicPageShell } from './public-page-shell';

/** The server sends the e-mailed link here with `?token=`, or with `?error=INVALID_TOKEN`. */
const INVALID_TOKEN = 'INVALID_TOKEN';
const REQUEST_NEW_LINK = `${PATHS.login}?view=forgot`;

type Outcome = 'form' | 'done' | 'invalid-link';

function NewPasswordForm({ token, onOutcome }: { token: string; onOutcome: (o: Outcome) => void }) {
  const { t } = useTranslation();
  const { resetPassword } = useAuth();
  const fieldError = useFieldError();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: resetPasswordChecks,
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    const result = await resetPassword(token, password);
    if (result.status === 'done') onOutcome('done');
    else if (result.status === 'invalid-token') onOutcome('invalid-link');
    else setFailure(result.message ?? t('auth.passwordResetFailed'));
  });

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
      {failure ? (
        <InlineAlert tone="error" testId="reset-error">
          {failure}
        </InlineAlert>
      ) : null}
      <PasswordField
        id="reset-password"
        data-testid="reset-password"
        label={t('auth.reset.newPassword')}
        autoComplete="new-password"
        hint={t('auth.register.passwordHint', VALIDATION_LIMITS)}
        error={fieldError(errors.password)}
        {...register('password')}
      />
      <PasswordField
        id="reset-confirm-password"
        data-testid="reset-confirm-password"
        label={t('auth.reset.confirmPassword')}
        autoComplete="new-password"
        error={fieldError(errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      <button
        type="submit"
        data-testid="reset-submit"
        disabled={isSubmitting}
        className={`${primaryButton} w-full`}
      >
        {isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
      </button>
    </form>
  );
}

/** Where the password-reset e-mail leads: choose a new password, or learn why the link is no good. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const linkError = searchParams.get('error');
  const [outcome, setOutcome] = useState<Outcome>(
    linkError === INVALID_TOKEN ? 'invalid-link' : 'form',
  );

  let content;
  if (outcome === 'done') {
    content = (
      <div className="space-y-4">
        <InlineAlert tone="success" title={t('auth.reset.doneTitle')} testId="reset-done">
          {t('auth.reset.done')}
        </InlineAlert>
        <Link to={PATHS.login} className={`${primaryButton} w-full`}>
          {t('auth.reset.signIn')}
        </Link>
      </div>
    );
  } else if (outcome === 'invalid-link' || (linkError !== null && !token)) {
    content = (
      <div className="space-y-4">
        <InlineAlert tone="error" title={t('auth.reset.invalidTitle')} testId="reset-invalid">
          {t('auth.reset.invalid')}
        </InlineAlert>
        <Link to={REQUEST_NEW_LINK} className={`${primaryButton} w-full`}>
          {t('auth.reset.requestNew')}
        </Link>
      </div>
    );
  } else if (!token) {
    content = (
      <div className="space-y-4">
        <InlineAlert tone="warning" title={t('auth.reset.missingTitle')} testId="reset-missing">
          {t('auth.reset.missing')}
        </InlineAlert>
        <Link to={REQUEST_NEW_LINK} className={`${secondaryButton} w-full`}>
          {t('auth.reset.requestNew')}
        </Link>
      </div>
    );
  } else {
    content = <NewPasswordForm token={token} onOutcome={setOutcome} />;
  }

  return (
    <PublicPageShell
      title={t('screens.resetPassword.title')}
      intro={outcome === 'form' && token && linkError === null ? t('auth.reset.intro') : undefined}
    >
      {content}
    </PublicPageShell>
  );
}
