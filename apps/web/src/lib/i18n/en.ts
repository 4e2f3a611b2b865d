/**
 * English texts of the public pages (sign-in, password reset) and of what every page may show
 * (errors, the language and theme switchers); they are bundled with the app's first download. The
 * signed-in screens' texts are in en-signed-in.ts; the landing page, the public report screens and
 * larger screens have namespaces of their own (en-landing.ts, en-reports.ts, en-services.ts…).
 * Messages people already know (toasts, errors) keep their exact words, since guides and scripts
 * quote them. Hindi (hi.ts) and Bengali (bn.ts) have exactly these keys (parity.test.ts).
 */
export const en = {
  app: {
    name: 'Smart City',
    loading: 'Loading...',
    skipToContent: 'Skip to main content',
    retry: 'Retry',
  },
  header: {
    residents: '{{population}} residents',
  },
  sensorTypes: {
    traffic: 'Traffic',
    air_quality: 'Air quality',
    energy: 'Energy',
    water: 'Water',
    waste: 'Waste',
    population: 'Population',
  },
  language: {
    label: 'Language',
    settingsHelp: 'Signed in, your choice is saved to your account and used for your e-mails too.',
    saveFailed: 'Your language could not be saved to your account.',
  },
  units: {
    /**
     * The units that hold a word: the population sensors' count, and the water supply's megalitres
     * a day; the others are symbols (%, AQI, MW, µg/m³) every language keeps.
     */
    people: 'people',
    mlPerDay: 'ML/day',
  },
  /** The cities' names as each language writes them (the server's are English). */
  cityNames: {
    kolkata: 'Kolkata',
    kharagpur: 'Kharagpur',
    'new-york': 'New York',
  },
  theme: {
    switchToLight: 'Switch to light theme',
    switchToDark: 'Switch to dark theme',
    dark: 'Dark',
    light: 'Light',
  },
  user: {
    fallbackName: 'User',
    signOut: 'Sign out',
    logoutFailed: 'Logout failed',
    roles: {
      admin: 'Admin',
      operator: 'Operator',
      citizen: 'Citizen',
    },
  },
  errors: {
    title: 'Something went wrong',
    message: "We're sorry, but something unexpected happened. Please try again.",
    tryAgain: 'Try Again',
    reloadPage: 'Reload Page',
    fieldRefused: 'The server did not accept this value.',
    chunkTitle: 'Failed to load the {{screen}} screen',
    chunkMessage:
      'The {{screen}} screen could not be downloaded. This can happen after the app was updated or when the connection drops. Reload the page to try again.',
  },
  parts: {
    names: { chart: 'chart', map: 'map', verifier: 'verifier', twin: '3D view' },
    loadFailed: 'The {{part}} could not be downloaded. Reload the page to try again.',
    failed: 'This part of the screen could not be shown. Reload the page to try again.',
  },
  guard: {
    accessDenied: 'Access Denied',
    accessDeniedMessage: "You don't have permission to access this page.",
    insufficientRole: 'Insufficient Role',
    insufficientRoleMessage: 'This page requires {{role}} role access.',
    goBack: 'Go Back',
  },
  screens: {
    landing: { title: 'Smart City' },
    login: { title: 'Sign in' },
    resetPassword: { title: 'Reset password' },
    reports: { title: 'Reported problems' },
    reportDetail: { title: 'Reported problem' },
    openData: { title: 'Open data' },
  },
  validation: {
    firstNameRequired: 'Enter your first name',
    lastNameRequired: 'Enter your last name',
    nameTooLong: 'Use at most {{nameMax}} characters',
    emailRequired: 'Enter your e-mail address',
    emailInvalid: 'Enter a valid e-mail address, such as name@example.com',
    passwordRequired: 'Enter your password',
    passwordTooShort: 'Password must be at least {{passwordMin}} characters',
    passwordTooLong: 'Password must be at most {{passwordMax}} characters',
    confirmRequired: 'Enter the password again',
    passwordMismatch: 'Passwords do not match',
    departmentTooLong: 'Use at most {{departmentMax}} characters',
    phoneInvalid: 'Enter a phone number such as +91 98765 43210',
    codeInvalid: 'Enter the 6-digit code from your authenticator app',
    backupCodeRequired: 'Enter one of your backup codes',
  },
  auth: {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    signingIn: 'Signing in...',
    loginFailed: 'Login failed',
    invalidCredentials: 'Invalid credentials',
    userExists: 'User already exists',
    welcomeBack: 'Welcome back!',
    welcomeDemo: 'Welcome to the demo!',
    loggedOut: 'Logged out successfully',
    registrationSuccess: 'Registration successful! Please check your email to verify your account.',
    registrationFailed: 'Registration failed',
    resetEmailSent: 'Password reset email sent! Please check your inbox.',
    passwordResetFailed: 'Password reset failed',
    demoLoginFailed: 'Demo login failed',
    sessionExpired: 'Your session has ended. Please sign in again.',
    backToHome: 'Back to Smart City',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    tabsLabel: 'Sign in or create an account',
    tabSignIn: 'Sign in',
    tabRegister: 'Register',
    signInIntro: 'Sign in to follow your city live.',
    forgotPassword: 'Forgot password?',
    register: {
      title: 'Create an account',
      intro:
        'New accounts are citizen accounts; an administrator can give operator or admin access later.',
      firstName: 'First name',
      lastName: 'Last name',
      confirmPassword: 'Confirm password',
      passwordHint: 'At least {{passwordMin}} characters.',
      department: 'Department (optional)',
      submit: 'Create account',
      submitting: 'Creating account...',
      ready: 'Your account is ready. Sign in to continue.',
    },
    forgot: {
      title: 'Forgot password',
      intro:
        'Enter the e-mail address of your account and we will send you a link to choose a new password.',
      submit: 'Send reset link',
      submitting: 'Sending...',
      sentTitle: 'Check your inbox',
      sent: 'If an account exists for {{email}}, an e-mail with a reset link is on its way. The link works for one hour.',
      back: 'Back to sign in',
    },
    twoFactor: {
      title: 'Two-factor verification',
      intro: 'Enter the 6-digit code from your authenticator app.',
      backupIntro:
        'Enter one of the backup codes you saved when you turned on two-factor authentication.',
      code: 'Authentication code',
      backupCode: 'Backup code',
      useBackupCode: 'Use a backup code instead',
      useApp: 'Use your authenticator app instead',
      submit: 'Verify',
      submitting: 'Verifying...',
      cancel: 'Back to sign in',
    },
    demo: {
      title: 'Try a demo account',
      intro: 'One click signs you in to a shared demo account.',
    },
    reset: {
      intro: 'Choose a new password for your account.',
      newPassword: 'New password',
      confirmPassword: 'Confirm new password',
      submit: 'Change password',
      submitting: 'Changing password...',
      doneToast: 'Your password has been changed.',
      doneTitle: 'Password changed',
      done: 'Your password has been changed and any other sessions were signed out. Sign in with your new password.',
      signIn: 'Sign in',
      invalidTitle: 'This link has expired',
      invalid:
        'This password-reset link has expired or has already been used. Request a new one and use it within an hour.',
      missingTitle: 'No reset link',
      missing:
        'This page needs the link from your password-reset e-mail. Open the link in the e-mail, or request a new one.',
      requestNew: 'Request a new link',
    },
  },
} as const;

export type EnglishResources = typeof en;
