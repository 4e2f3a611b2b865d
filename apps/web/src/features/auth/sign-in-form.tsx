import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing, primaryButton } from '../../components/button-styles';
import { PasswordField, TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { useAuth } from '../../lib/auth/auth-context';
import { useFieldError } from '../../lib/forms/use-field-error';
import type { SignInValues } from './auth-form-schemas';

type FieldErrors = Partial<Record<keyof SignInValues, { message: string }>>;

/**
 * The sign-in form's checks, the schema the server's rules are written in. They download when the
 * form is first sent: the form itself is plain React, so the sign-in page opens without the form
 * library and zod, which the other account forms load when they are opened.
 */
async function check(
  values: SignInValues,
): Promise<{ ok: true; values: SignInValues } | { ok: false; errors: FieldErrors }> {
  const { signInSchema } = await import('./auth-form-schemas');
  const result = signInSchema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) {
      errors[field] = { message: issue.message };
    }
  }
  return { ok: false, errors };
}

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // After a first attempt the fields are checked again as they change, so an error goes once fixed.
  const [attempted, setAttempted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function typed(): SignInValues {
    return { email: emailRef.current?.value ?? '', password: passwordRef.current?.value ?? '' };
  }

  async function recheck() {
    if (!attempted) return;
    const result = await check(typed());
    setErrors(result.ok ? {} : result.errors);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setAttempted(true);
    try {
      const result = await check(typed());
      if (!result.ok) {
        setErrors(result.errors);
        (result.errors.email ? emailRef : passwordRef).current?.focus();
        return;
      }
      setErrors({});
      setFailure(null);
      const { email, password } = result.values;
      const outcome = await signIn(email, password);
      if (outcome.status === 'two-factor') onTwoFactor(email);
      if (outcome.status === 'failed') {
        setFailure(outcome.message);
        if (passwordRef.current) passwordRef.current.value = '';
      }
    } finally {
      setSubmitting(false);
    }
  }

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
        name="email"
        defaultValue={defaultEmail}
        ref={emailRef}
        onChange={() => void recheck()}
        error={fieldError(errors.email)}
      />
      <div>
        <PasswordField
          id="login-password"
          data-testid="login-password"
          label={t('auth.password')}
          autoComplete="current-password"
          name="password"
          ref={passwordRef}
          onChange={() => void recheck()}
          error={fieldError(errors.password)}
        />
        <div className="mt-2 flex justify-end">
          <button
            type="button"
            data-testid="login-forgot-password"
            onClick={() => onForgotPassword(typed().email)}
            className={`rounded text-sm font-medium text-sky-700 hover:underline dark:text-sky-400 ${focusRing}`}
          >
            {t('auth.forgotPassword')}
          </button>
        </div>
      </div>
      <button
        type="submit"
        data-testid="login-submit"
        disabled={submitting}
        className={`${primaryButton} w-full`}
      >
        {submitting ? t('auth.signingIn') : t('auth.signIn')}
      </button>
    </form>
  );
}
