import { useState } from 'react';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { focusRing, primaryButton } from '../../components/button-styles';
import { redirectTargetFrom } from '../../lib/auth/redirect-target';
import { signInWithEmail } from '../../lib/auth/sign-in';
import { PublicPageShell } from './public-page-shell';

const inputClass = `block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`;
const labelClass = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setSubmitting(true);
    const result = await signInWithEmail(email, password);
    setSubmitting(false);
    if (!result.ok) {
      toast.error(result.message ?? t('auth.loginFailed'));
      return;
    }
    toast.success(t('auth.welcomeBack'));
    await navigate(redirectTargetFrom(location.state), { replace: true });
  }

  return (
    <PublicPageShell title={t('screens.login.title')}>
      <form className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
        <div>
          <label htmlFor="login-email" className={labelClass}>
            {t('auth.email')}
          </label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="login-password" className={labelClass}>
            {t('auth.password')}
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={inputClass}
          />
        </div>
        <button type="submit" disabled={submitting} className={`${primaryButton} w-full`}>
          {submitting ? t('auth.signingIn') : t('auth.signIn')}
        </button>
      </form>
    </PublicPageShell>
  );
}
