import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { PasswordField, TextField } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { QrCode } from '../../components/qr-code';
import { userFacingMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useFieldError } from '../../lib/forms/use-field-error';
import { currentPasswordField, totpCodeField } from '../../lib/forms/validation';
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  setupKeyOf,
  startTwoFactorEnrolment,
} from './account-security-api';
import type { TwoFactorEnrolment } from './account-security-api';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'enable' | 'disable' }
  | { kind: 'enrol'; enrolment: TwoFactorEnrolment };

const passwordSchema = z.object({ password: currentPasswordField });
const codeSchema = z.object({ code: totpCodeField });

/** Asks for the account password before turning two-factor sign-in on or off. */
function PasswordStep({
  purpose,
  onEnrolment,
  onDone,
  onCancel,
}: {
  purpose: 'enable' | 'disable';
  onEnrolment: (enrolment: TwoFactorEnrolment) => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { refresh } = useAuth();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof passwordSchema>>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      if (purpose === 'enable') {
        onEnrolment(await startTwoFactorEnrolment(password));
        return;
      }
      await disableTwoFactor(password);
      await refresh();
      toast.success(t('settings.twoFactor.disabled'));
      onDone();
    } catch (error) {
      setError('password', {
        message: userFacingMessage(error) ?? t('settings.twoFactor.failed'),
      });
    }
  });

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('settings.twoFactor.passwordIntro')}
      </p>
      <PasswordField
        data-testid="two-factor-password"
        label={t('settings.twoFactor.password')}
        autoComplete="current-password"
        autoFocus
        error={fieldError(errors.password)}
        {...register('password')}
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          data-testid="two-factor-password-submit"
          disabled={isSubmitting}
          className={primaryButton}
        >
          {isSubmitting
            ? t('settings.twoFactor.working')
            : purpose === 'enable'
              ? t('settings.twoFactor.continue')
              : t('settings.twoFactor.disable')}
        </button>
        <button
          type="button"
          data-testid="two-factor-cancel"
          onClick={onCancel}
          className={secondaryButton}
        >
          {t('settings.twoFactor.cancel')}
        </button>
      </div>
    </form>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** QR code, setup key and backup codes, then the first code from the app to finish. */
function EnrolStep({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { refresh } = useAuth();
  const fieldError = useFieldError();
  const setupKey = setupKeyOf(enrolment.totpURI);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await confirmTwoFactorEnrolment(code);
    } catch (error) {
      setError('code', { message: userFacingMessage(error) ?? t('settings.twoFactor.failed') });
      return;
    }
    await refresh();
    toast.success(t('settings.twoFactor.enabled'));
    onDone();
  });

  async function copyBackupCodes() {
    if (await copyText(enrolment.backupCodes.join('\n'))) {
      toast.success(t('settings.twoFactor.copied'));
    } else {
      toast.error(t('settings.twoFactor.copyFailed'));
    }
  }

  const stepTitle = 'text-sm font-semibold text-slate-900 dark:text-white';
  const stepText = 'mt-1 text-sm text-slate-600 dark:text-slate-400';
  return (
    <div className="space-y-6" data-testid="two-factor-enrolment">
      <div>
        <h3 className={stepTitle}>{t('settings.twoFactor.scanTitle')}</h3>
        <p className={stepText}>{t('settings.twoFactor.scan')}</p>
        <div className="mt-3 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <QrCode
            value={enrolment.totpURI}
            label={t('settings.twoFactor.qrLabel')}
            testId="two-factor-qr"
          />
          {setupKey ? (
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
                {t('settings.twoFactor.setupKey')}
              </p>
              <code
                data-testid="two-factor-secret"
                className="mt-1 block rounded-md bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900 select-all dark:bg-slate-800 dark:text-slate-100"
              >
                {setupKey}
              </code>
            </div>
          ) : null}
        </div>
      </div>

      <div>
        <h3 className={stepTitle}>{t('settings.twoFactor.backupTitle')}</h3>
        <p className={stepText}>{t('settings.twoFactor.backupIntro')}</p>
        <ul
          data-testid="two-factor-backup-codes"
          className="mt-3 grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900 sm:grid-cols-3 dark:bg-slate-800 dark:text-slate-100"
        >
          {enrolment.backupCodes.map((code) => (
            <li key={code} className="select-all">
              {code}
            </li>
          ))}
        </ul>
        <button
          type="button"
          data-testid="two-factor-copy-backup-codes"
          onClick={() => void copyBackupCodes()}
          className={`${secondaryButton} mt-3`}
        >
          <Icon name="copy" size={16} />
          {t('settings.twoFactor.copyBackupCodes')}
        </button>
      </div>

      <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
        <div>
          <h3 className={stepTitle}>{t('settings.twoFactor.verifyTitle')}</h3>
          <p className={stepText}>{t('settings.twoFactor.verifyIntro')}</p>
        </div>
        <TextField
          data-testid="two-factor-enrol-code"
          label={t('settings.twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          className="max-w-xs"
          error={fieldError(errors.code)}
          {...register('code')}
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            data-testid="two-factor-enrol-submit"
            disabled={isSubmitting}
            className={primaryButton}
          >
            {isSubmitting ? t('settings.twoFactor.working') : t('settings.twoFactor.finish')}
          </button>
          <button
            type="button"
            data-testid="two-factor-cancel"
            onClick={onCancel}
            className={secondaryButton}
          >
            {t('settings.twoFactor.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** Two-factor sign-in: whether it is on, and the steps to turn it on or off. */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const enabled = session?.twoFactorEnabled === true;
  const idle = () => setStep({ kind: 'idle' });

  return (
    <div data-testid="two-factor-settings">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white">
            <Icon name="shield" size={18} />
            {t('settings.twoFactor.title')}
            <span
              data-testid="two-factor-status"
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                enabled
                  ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200'
                  : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'
              }`}
            >
              {enabled ? t('settings.twoFactor.on') : t('settings.twoFactor.off')}
            </span>
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {enabled ? t('settings.twoFactor.statusOn') : t('settings.twoFactor.statusOff')}
          </p>
        </div>
        {step.kind === 'idle' ? (
          <button
            type="button"
            data-testid={enabled ? 'two-factor-disable' : 'two-factor-enable'}
            onClick={() => setStep({ kind: 'password', purpose: enabled ? 'disable' : 'enable' })}
            className={enabled ? secondaryButton : primaryButton}
          >
            {enabled ? t('settings.twoFactor.disable') : t('settings.twoFactor.enable')}
          </button>
        ) : null}
      </div>
      {step.kind === 'password' ? (
        <div className="mt-4">
          <PasswordStep
            purpose={step.purpose}
            onEnrolment={(enrolment) => setStep({ kind: 'enrol', enrolment })}
            onDone={idle}
            onCancel={idle}
          />
        </div>
      ) : null}
      {step.kind === 'enrol' ? (
        <div className="mt-4">
          <EnrolStep enrolment={step.enrolment} onDone={idle} onCancel={idle} />
        </div>
      ) : null}
    </div>
  );
}
