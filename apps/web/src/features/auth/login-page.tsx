import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { InlineAlert } from '../../components/inline-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { TabList, TabPanel } from '../../components/tabs';
import { useAuth } from '../../lib/auth/auth-context';
import { redirectTargetFrom } from '../../lib/auth/redirect-target';
import { lazyPart } from '../../components/lazy-part';
import { DemoSignIn } from './demo-sign-in';
import { PublicPageShell } from './public-page-shell';
import { SignInForm } from './sign-in-form';

// The forms besides sign-in use the form library and download when their view opens, so the
// sign-in page that most visitors come for opens with less.
const RegisterForm = lazyPart({
  chunk: 'registerForm',
  load: () => import('./register-form').then((m) => m.RegisterForm),
  loading: () => <LoadingScreen />,
});
const ForgotPasswordForm = lazyPart({
  chunk: 'forgotPasswordForm',
  load: () => import('./forgot-password-form').then((m) => m.ForgotPasswordForm),
  loading: () => <LoadingScreen />,
});
const TwoFactorForm = lazyPart({
  chunk: 'twoFactorForm',
  load: () => import('./two-factor-form').then((m) => m.TwoFactorForm),
  loading: () => <LoadingScreen />,
});

type View = 'sign-in' | 'register' | 'forgot' | 'two-factor';

/** `/login?view=register` and `/login?view=forgot` open those forms directly. */
function viewFromQuery(value: string | null): View {
  return value === 'register' || value === 'forgot' ? value : 'sign-in';
}

/**
 * Sign in, register and forgotten password in one place, plus one-click demo accounts. A visitor
 * who is already signed in goes straight on to where they were heading.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [view, setView] = useState<View>(() => viewFromQuery(searchParams.get('view')));
  // The address typed in one form follows the visitor to the next.
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  if (status === 'loading') return <LoadingScreen fullHeight />;
  if (status === 'authenticated') {
    return <Navigate to={redirectTargetFrom(location.state)} replace />;
  }

  function show(next: View, nextEmail?: string) {
    if (nextEmail !== undefined) setEmail(nextEmail);
    setNotice(null);
    setView(next);
  }

  if (view === 'two-factor') {
    return (
      <PublicPageShell title={t('auth.twoFactor.title')}>
        <TwoFactorForm onCancel={() => show('sign-in')} />
      </PublicPageShell>
    );
  }

  if (view === 'forgot') {
    return (
      <PublicPageShell title={t('auth.forgot.title')} intro={t('auth.forgot.intro')}>
        <ForgotPasswordForm defaultEmail={email} onBack={() => show('sign-in')} />
      </PublicPageShell>
    );
  }

  const registering = view === 'register';
  return (
    <PublicPageShell
      title={registering ? t('auth.register.title') : t('screens.login.title')}
      intro={registering ? t('auth.register.intro') : t('auth.signInIntro')}
      above={
        <TabList
          label={t('auth.tabsLabel')}
          idPrefix="login"
          look="segmented"
          testId="login-tab"
          tabs={[
            { key: 'sign-in', label: t('auth.tabSignIn') },
            { key: 'register', label: t('auth.tabRegister') },
          ]}
          selected={registering ? 'register' : 'sign-in'}
          onSelect={(next) => show(next)}
        />
      }
    >
      <TabPanel idPrefix="login" selected={view} className="space-y-4">
        {notice ? <InlineAlert tone="success">{notice}</InlineAlert> : null}
        {registering ? (
          <RegisterForm
            defaultEmail={email}
            onRegisteredSignedOut={(registeredEmail) => {
              show('sign-in', registeredEmail);
              setNotice(t('auth.register.ready'));
            }}
          />
        ) : (
          <SignInForm
            key={email}
            defaultEmail={email}
            onTwoFactor={(signInEmail) => show('two-factor', signInEmail)}
            onForgotPassword={(typedEmail) => show('forgot', typedEmail)}
          />
        )}
      </TabPanel>
      <DemoSignIn />
    </PublicPageShell>
  );
}
