import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { focusRing, primaryButton, secondaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { useAuth } from '../../lib/auth/auth-context';
import type { TwoFactorMethod } from '../../lib/auth/auth-types';
import { lazyResolver } from '../../lib/forms/lazy-resolver';
import { useFieldError } from '../../lib/forms/use-field-error';
import type { TwoFactorCodeValues } from './auth-form-schemas';

const totpCodeChecks = lazyResolver<TwoFactorCodeValues>(() =>
  import('./auth-form-resolvers').then((m) => m.totpCodeResolver),
);
const backupCodeChecks = lazyResolver<TwoFactorCodeValues>(() =>
  import('./auth-form-resolvers').then((m) => m.backupCodeResolver),
);

function CodeForm({ method, onCancel }: { method: TwoFactorMethod; onCancel: () => void }) {
  const { t } = useTranslation();
  const { verifyTwoFactor } = useAuth();
  const fieldError = useFieldError();
  const totp = method === 'totp';
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorCodeValues>({
    resolver: totp ? totpCodeChecks : backupCodeChecks,
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    const result = await verifyTwoFactor(code, method);
    if (!result.ok) {
      resetField('code');
      // The server's reason ('Invalid code') belongs to the field; the toast says 'Login failed'.
      if (result.message) setError('code', { message: result.message });
      setFocus('code');
    }
  });

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {totp ? t('auth.twoFactor.intro') : t('auth.twoFactor.backupIntro')}
      </p>
      <TextField
        id="two-factor-code"
        data-testid="two-factor-code"
        label={totp ? t('auth.twoFactor.code') : t('auth.twoFactor.backupCode')}
        autoComplete="one-time-code"
        inputMode={totp ? 'numeric' : 'text'}
        maxLength={totp ? 6 : 64}
        autoFocus
        spellCheck={false}
        className="[&_input]:tracking-widest"
        error={fieldError(errors.code)}
        {...register('code')}
      />
      <button
        type="submit"
        data-testid="two-factor-submit"
        disabled={isSubmitting}
        className={`${primaryButton} w-full`}
      >
        {isSubmitting ? t('auth.twoFactor.submitting') : t('auth.twoFactor.submit')}
      </button>
      <button type="button" onClick={onCancel} className={`${secondaryButton} w-full`}>
        {t('auth.twoFactor.cancel')}
      </button>
    </form>
  );
}

/** The second step of signing in to an account with two-factor authentication. */
export function TwoFactorForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<TwoFactorMethod>('totp');
  return (
    <div className="space-y-4">
      {/* A new form per method, so the other method's rules and typed text do not carry over. */}
      <CodeForm key={method} method={method} onCancel={onCancel} />
      <button
        type="button"
        data-testid="two-factor-switch-method"
        onClick={() => setMethod((current) => (current === 'totp' ? 'backup-code' : 'totp'))}
        className={`w-full rounded text-center text-sm font-medium text-sky-700 hover:underline dark:text-sky-400 ${focusRing}`}
      >
        {method === 'totp' ? t('auth.twoFactor.useBackupCode') : t('auth.twoFactor.useApp')}
      </button>
    </div>
  );
}
