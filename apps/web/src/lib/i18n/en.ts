/**
 * English texts. Every user-visible string lives here; the spec's texts are copied word for word.
 * Hindi and Bengali resources will mirror these keys.
 */
export const en = {
  app: {
    name: 'Smart City',
    loading: 'Loading...',
    skipToContent: 'Skip to main content',
  },
  nav: {
    label: 'Main navigation',
    dashboard: 'Dashboard',
    services: 'City Services',
    analytics: 'Analytics',
    notices: 'City Notices',
    sensors: 'IoT Sensors',
    alerts: 'Alerts',
    cityTwin: '3D City Twin',
    blockchain: 'Blockchain',
    settings: 'Settings',
    openMenu: 'Open navigation menu',
    closeMenu: 'Close navigation menu',
    drawerLabel: 'Navigation',
    criticalAlerts_one: '{{count}} critical alert',
    criticalAlerts_other: '{{count}} critical alerts',
  },
  header: {
    residents: '{{population}} residents',
    city: 'City',
    citiesUnavailable: 'Cities unavailable',
    clockLabel: 'Local time',
    emergency: 'Emergency',
    emergencyTitle: 'Book an ambulance now',
    notifications: 'Notifications',
    noNotifications: 'No new notifications',
    userMenu: 'User menu',
    profile: 'Profile',
    settings: 'Settings',
  },
  sensorTypes: {
    traffic: 'Traffic',
    air_quality: 'Air quality',
    energy: 'Energy',
    water: 'Water',
    waste: 'Waste',
    population: 'Population',
  },
  severity: {
    critical: 'Critical',
    high: 'High',
    warning: 'Warning',
    info: 'Info',
  },
  theme: {
    switchToLight: 'Switch to light theme',
    switchToDark: 'Switch to dark theme',
    dark: 'Dark',
    light: 'Light',
  },
  connection: {
    connected: 'Connected',
    reconnecting: 'Reconnecting...',
    offline: 'Offline',
    banner: 'Reconnecting to server...',
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
    chunkTitle: 'Failed to load the {{screen}} screen',
    chunkMessage:
      'The {{screen}} screen could not be downloaded. This can happen after the app was updated or when the connection drops. Reload the page to try again.',
  },
  guard: {
    accessDenied: 'Access Denied',
    accessDeniedMessage: "You don't have permission to access this page.",
    insufficientRole: 'Insufficient Role',
    insufficientRoleMessage: 'This page requires {{role}} role access.',
    goBack: 'Go Back',
  },
  landing: {
    tagline: 'Open-source operations dashboard for city services',
    intro:
      'Smart City brings live sensor data for traffic, air quality, energy, water, waste and population onto one screen. Operators acknowledge and resolve alerts as they arise, residents read city notices and book emergency services, and everyone can follow analytics, a public transparency ledger and a 3D twin of the city.',
    signIn: 'Sign in',
    viewing: 'Now showing',
    chooseCity: 'Choose your city',
    citiesLoadFailed: 'The list of cities could not be loaded.',
    retry: 'Retry',
    timeZone: 'Time zone: {{timeZone}}',
    capabilitiesTitle: 'What the platform does',
    capabilities: {
      sensors: {
        title: 'Live sensor data',
        body: 'Traffic, air quality, energy, water, waste and population readings as they arrive.',
      },
      alerts: {
        title: 'Alerts',
        body: 'Thresholds raise alerts that operators acknowledge and resolve.',
      },
      notices: {
        title: 'City notices',
        body: 'Announcements from the city administration, newest first.',
      },
      emergency: {
        title: 'Emergency services',
        body: 'Book an ambulance, fire, police or rescue team.',
      },
      analytics: {
        title: 'Analytics',
        body: 'Trends over the last hour, day or week for every sensor.',
      },
      ledger: {
        title: 'Transparency ledger',
        body: 'Civic contracts and operator actions recorded so anyone can check them.',
      },
      twin: {
        title: '3D city twin',
        body: 'The city and its sensors in three dimensions.',
      },
    },
    footer: 'Smart City is open-source software.',
  },
  screens: {
    landing: { title: 'Smart City' },
    login: { title: 'Sign in' },
    resetPassword: {
      title: 'Reset password',
      empty: 'Open the link in your password-reset email to choose a new password.',
    },
    dashboard: { title: 'Dashboard', empty: 'No sensor data yet' },
    sensors: { title: 'IoT Sensors', empty: 'No sensors yet' },
    alerts: { title: 'Alerts', empty: 'No alerts yet' },
    analytics: { title: 'Analytics', empty: 'No analytics data yet' },
    services: { title: 'City Services', empty: 'No city services yet' },
    emergency: { title: 'Emergency Services', empty: 'No emergency services yet' },
    emergencyQuick: {
      title: 'Quick Emergency Booking',
      empty: 'No emergency services yet',
    },
    emergencyResult: { title: 'Booking result' },
    emergencySuccess: { title: 'Booking confirmed', empty: 'No booking details yet' },
    emergencyCancel: { title: 'Booking cancelled', empty: 'No booking details yet' },
    notices: { title: 'City Notices', empty: 'No notices yet' },
    noticeDetail: { title: 'City Notice', empty: 'Notice not found', back: 'Back to City Notices' },
    newNotice: {
      title: 'New Notice',
      empty: 'Publishing notices is not available on this server yet.',
    },
    blockchain: { title: 'Blockchain', empty: 'No ledger records yet' },
    cityTwin: { title: '3D City Twin', empty: 'No city model yet' },
    settings: { title: 'Settings' },
    profile: { title: 'Profile' },
  },
  settings: {
    appearance: 'Appearance',
    theme: 'Theme',
    cityHelp: 'The city shown in the header and on every screen.',
  },
  profile: {
    name: 'Name',
    email: 'E-mail',
    role: 'Role',
  },
  auth: {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    signingIn: 'Signing in...',
    loginFailed: 'Login failed',
    welcomeBack: 'Welcome back!',
    backToHome: 'Back to Smart City',
  },
} as const;

export type EnglishResources = typeof en;
