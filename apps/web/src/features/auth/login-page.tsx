import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { InlineAlert } from '../../components/inline-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { useAuth } from '../../lib/auth/auth-context';
import { redirectTargetFrom } from '../../lib/auth/redirect-target';
import { DemoSignIn } from './demo-sign-in';
import { ForgotPasswordForm } from './forgot-password-form';
import { PublicPageShell } from './public-page-shell';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';
import { TwoFactorForm } from './two-factor-form';

type View = 'sign-in' | 'register' | 'forgot' | 'two-factor';
type TabView = 'sign-in' | 'register';

/** `/login?view=register` and `/login?view=forgot` open those forms directly. */
function viewFromQuery(value: string | null): View {
  return value === 'register' || value === 'forgot' ? value : 'sign-in';
}

const TABS: readonly { view: TabView; labelKey: 'auth.tabSignIn' | 'auth.tabRegister' }[] = [
  { view: 'sign-in', labelKey: 'auth.tabSignIn' },
  { view: 'register', labelKey: 'auth.tabRegister' },
];

function SignInTabs({
  current,
  panelId,
  onSelect,
}: {
  current: TabView;
  panelId: string;
  onSelect: (view: TabView) => void;
}) {
  const { t } = useTranslation();
  const tabRefs = useRef<Record<TabView, HTMLButtonElement | null>>({
    'sign-in': null,
    register: null,
  });

  // Arrow keys move between tabs, as in every tab list.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = current === 'sign-in' ? 'register' : 'sign-in';
    onSelect(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={t('auth.tabsLabel')}
      onKeyDown={onKeyDown}
      className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
    >
      {TABS.map((tab) => {
        const selected = tab.view === current;
        return (
          <button
            key={tab.view}
            ref={(element) => {
              tabRefs.current[tab.view] = element;
            }}
            type="button"
            role="tab"
            id={`login-tab-${tab.view}`}
            data-testid={`login-tab-${tab.view}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.view)}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${focusRing} ${
              selected
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
            }`}
          >
            {t(tab.labelKey)}
          </button>
        );
      })}
    </div>
  );
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
  const panelId = useId();

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
      above={<SignInTabs current={view} panelId={panelId} onSelect={(next) => show(next)} />}
    >
      <div id={panelId} role="tabpanel" aria-labelledby={`login-tab-${view}`} className="space-y-4">
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
      </div>
      <DemoSignIn />
    </PublicPageShell>
  );
}
