import type { Locator, Page } from '@playwright/test';

/** Every selector the journeys use, in one place, so a markup change is one edit. */
export const ui = {
  landing: {
    hero: (page: Page) => page.getByTestId('landing-hero'),
    selectedCity: (page: Page) => page.getByTestId('landing-selected-city'),
    cityCard: (page: Page, name: string) =>
      page.getByTestId('landing-city-picker').getByRole('button', { name: new RegExp(`^${name}`) }),
    signIn: (page: Page) => page.getByTestId('landing-sign-in'),
    dashboard: (page: Page) => page.getByTestId('landing-dashboard'),
  },
  themeToggle: (page: Page) => page.getByTestId('theme-toggle'),
  language: {
    /** The switcher of the landing, sign-in and password pages. */
    select: (page: Page) => page.getByTestId('language-select'),
    userMenu: (page: Page) => page.getByTestId('user-menu-language'),
    settings: (page: Page) => page.getByTestId('language-settings'),
  },
  header: {
    cityName: (page: Page) => page.getByTestId('header-city-name'),
    cityPopulation: (page: Page) => page.getByTestId('header-city-population'),
    citySelect: (page: Page) => page.getByRole('banner').getByTestId('city-select'),
    userMenu: (page: Page) => page.getByTestId('user-menu-button'),
    signOut: (page: Page) =>
      page.getByTestId('user-menu').getByRole('button', { name: 'Sign out', exact: true }),
  },
  sidebarUserName: (page: Page) => page.getByTestId('sidebar-user-name'),
  dashboard: {
    metricCard: (page: Page, metric: string) => page.getByTestId(`metric-card-${metric}`),
    metricValue: (page: Page, metric: string) =>
      page.getByTestId(`metric-card-${metric}`).getByTestId('metric-value'),
    trafficTrend: (page: Page) => page.getByTestId('traffic-trend'),
    trafficWindow: (page: Page, window: '1h' | '24h' | '7d') =>
      page.getByTestId(`traffic-window-${window}`),
    trafficSummary: (page: Page) => page.getByTestId('traffic-summary'),
    recentAlerts: (page: Page) => page.getByTestId('recent-alerts'),
    sensorHealth: (page: Page) => page.getByTestId('sensor-health'),
    liveStats: (page: Page) => page.getByTestId('live-stats'),
    viewAllSensors: (page: Page) => page.getByTestId('dashboard-view-all-sensors'),
  },
  ledger: {
    tab: (page: Page, tab: 'contracts' | 'monitor' | 'feedback' | 'verify' | 'admin') =>
      page.getByTestId(`ledger-tab-${tab}`),
    entryCount: (page: Page) => page.getByTestId('ledger-entry-count'),
    entries: (page: Page) => page.getByTestId('ledger-feed').getByTestId('ledger-entry'),
    verifyStart: (page: Page) => page.getByTestId('verify-start'),
    verifyResult: (page: Page) => page.getByTestId('verify-result'),
    contractCards: (page: Page) => page.getByTestId('contract-card'),
  },
  alerts: {
    cards: (page: Page) => page.getByTestId('alert-card'),
    card: (page: Page, alertId: string) =>
      page.locator(`[data-testid="alert-card"][data-alert-id="${alertId}"]`),
    severity: (card: Locator) => card.getByTestId('alert-severity'),
    status: (card: Locator) => card.getByTestId('alert-status'),
    action: (card: Locator, action: 'acknowledge' | 'resolve' | 'dismiss') =>
      card.getByTestId(`alert-action-${action}`),
    anyAction: (page: Page) => page.locator('[data-testid^="alert-action-"]'),
    note: (card: Locator) => card.getByTestId('alert-note'),
    submitAction: (card: Locator) => card.getByTestId('alert-action-submit'),
    historyToggle: (card: Locator) => card.getByTestId('alert-history-toggle'),
    historyEntries: (card: Locator) => card.getByTestId('alert-history-entry'),
    statusFilter: (page: Page, status: string) => page.getByTestId(`alerts-status-${status}`),
    severityFilter: (page: Page, severity: string) =>
      page.getByTestId(`alerts-severity-${severity}`),
    search: (page: Page) => page.getByTestId('alerts-search'),
    empty: (page: Page) => page.getByTestId('alerts-empty'),
  },
  live: {
    headerStatus: (page: Page) => page.getByTestId('connection-status-header'),
    sidebarStatus: (page: Page) => page.getByTestId('connection-status-sidebar'),
    banner: (page: Page) => page.getByText('Reconnecting to server...'),
    criticalBadge: (page: Page) => page.getByTestId('critical-alerts-badge'),
    notificationsButton: (page: Page) => page.getByTestId('notifications-button'),
    notificationItems: (page: Page) => page.getByTestId('notification-item'),
  },
  login: {
    email: (page: Page) => page.getByTestId('login-email'),
    password: (page: Page) => page.getByTestId('login-password'),
    submit: (page: Page) => page.getByTestId('login-submit'),
    registerTab: (page: Page) => page.getByTestId('login-tab-register'),
    demo: (page: Page, who: 'admin' | 'operator' | 'citizen') =>
      page.getByTestId(`demo-sign-in-${who}`),
    twoFactorCode: (page: Page) => page.getByTestId('two-factor-code'),
    twoFactorSubmit: (page: Page) => page.getByTestId('two-factor-submit'),
  },
  register: {
    firstName: (page: Page) => page.getByTestId('register-first-name'),
    lastName: (page: Page) => page.getByTestId('register-last-name'),
    email: (page: Page) => page.getByTestId('register-email'),
    password: (page: Page) => page.getByTestId('register-password'),
    confirm: (page: Page) => page.getByTestId('register-confirm-password'),
    submit: (page: Page) => page.getByTestId('register-submit'),
  },
  analytics: {
    city: (page: Page) => page.getByTestId('analytics-city'),
    metric: (page: Page) => page.getByTestId('analytics-metric'),
    window: (page: Page, window: '24h' | '7d' | '30d') =>
      page.getByTestId('analytics-window').getByRole('button', { name: window, exact: true }),
    summary: (page: Page, figure: 'average' | 'min' | 'max') =>
      page.getByTestId(`analytics-summary-${figure}`),
    buckets: (page: Page) => page.getByTestId('analytics-buckets'),
    exportCsv: (page: Page) => page.getByTestId('analytics-export-csv'),
    forecastModel: (page: Page) => page.getByTestId('analytics-forecast-model'),
    forecastError: (page: Page) => page.getByTestId('analytics-forecast-error'),
    forecastNotEnough: (page: Page) => page.getByTestId('analytics-forecast-not-enough'),
    anomalies: (page: Page) => page.getByTestId('analytics-anomaly'),
    anomaliesSection: (page: Page) => page.getByTestId('analytics-anomalies'),
    compareRow: (page: Page, city: string) =>
      page.getByTestId('analytics-compare-row').and(page.locator(`[data-city="${city}"]`)),
  },
  notices: {
    newNoticeButton: (page: Page) => page.getByTestId('new-notice-button'),
    items: (page: Page) => page.getByTestId('notice-item'),
    offline: (page: Page) => page.getByTestId('notices-offline'),
    title: (page: Page) => page.getByTestId('notice-title'),
    byline: (page: Page) => page.getByTestId('notice-byline'),
    content: (page: Page) => page.getByTestId('notice-content'),
    image: (page: Page) => page.getByTestId('notice-image'),
    video: (page: Page) => page.getByTestId('notice-video'),
    youtube: (page: Page) => page.getByTestId('notice-youtube'),
    link: (page: Page) => page.getByTestId('notice-link'),
    back: (page: Page) => page.getByTestId('notice-back'),
    form: {
      title: (page: Page) => page.getByTestId('notice-title-input'),
      content: (page: Page) => page.getByTestId('notice-content-input'),
      imageUrl: (page: Page) => page.getByTestId('notice-image-input'),
      videoUrl: (page: Page) => page.getByTestId('notice-video-input'),
      linkUrl: (page: Page) => page.getByTestId('notice-link-input'),
      publish: (page: Page) => page.getByTestId('notice-publish'),
    },
    card: (page: Page) => page.getByTestId('latest-notice-card'),
    cardText: (page: Page) => page.getByTestId('latest-notice-text'),
    cardReadMore: (page: Page) => page.getByTestId('latest-notice-read-more'),
    cardDismiss: (page: Page) => page.getByTestId('latest-notice-dismiss'),
  },
  twoFactorSettings: {
    status: (page: Page) => page.getByTestId('two-factor-status'),
    enable: (page: Page) => page.getByTestId('two-factor-enable'),
    password: (page: Page) => page.getByTestId('two-factor-password'),
    passwordSubmit: (page: Page) => page.getByTestId('two-factor-password-submit'),
    secret: (page: Page) => page.getByTestId('two-factor-secret'),
    code: (page: Page) => page.getByTestId('two-factor-enrol-code'),
    submit: (page: Page) => page.getByTestId('two-factor-enrol-submit'),
  },
  sensors: {
    typeFilter: (page: Page, type: string) => page.getByTestId(`sensor-type-filter-${type}`),
    search: (page: Page) => page.getByTestId('sensor-search'),
    cards: (page: Page) => page.getByTestId('sensor-card'),
    card: (page: Page, id: string) =>
      page.locator(`[data-testid="sensor-card"][data-sensor-id="${id}"]`),
    map: (page: Page) => page.getByTestId('sensor-map'),
    mapPopup: (page: Page) => page.getByTestId('sensor-map-popup'),
    mapSpot: (page: Page) => page.getByTestId('sensor-map-spot'),
    shownCount: (page: Page) => page.getByTestId('sensor-shown-count'),
    listScroller: (page: Page) => page.getByTestId('sensor-list-scroller'),
    detail: (page: Page) => page.getByTestId('sensor-detail'),
    detailValue: (page: Page) => page.getByTestId('sensor-detail-value'),
    window: (page: Page, window: '1h' | '24h' | '7d') =>
      page.getByTestId(`sensor-window-${window}`),
    history: (page: Page) => page.getByTestId('sensor-history'),
    maintenanceToggle: (page: Page) => page.getByTestId('sensor-maintenance-toggle'),
  },
  emergency: {
    headerButton: (page: Page) => page.getByTestId('emergency-button'),
    quick: {
      form: (page: Page) => page.getByTestId('quick-booking-form'),
      service: (page: Page) => page.getByTestId('quick-service'),
      urgency: (page: Page) => page.getByTestId('quick-urgency'),
      confirm: (page: Page) => page.getByTestId('quick-confirm'),
    },
    form: {
      location: (page: Page) => page.getByTestId('booking-location'),
      phone: (page: Page) => page.getByTestId('booking-phone'),
      contactName: (page: Page) => page.getByTestId('booking-contact-name'),
      feeTotal: (page: Page) => page.getByTestId('booking-fee-total'),
    },
    tab: (page: Page, tab: 'book' | 'mine' | 'dispatch') =>
      page.getByTestId(`emergency-tab-${tab}`),
    card: (page: Page, bookingId: string) =>
      page.locator(`[data-testid="booking-card"][data-booking-id="${bookingId}"]`),
    status: (scope: Locator) => scope.getByTestId('booking-status'),
    action: (card: Locator, action: 'confirm' | 'dispatch' | 'start' | 'complete' | 'cancel') =>
      card.getByTestId(`booking-action-${action}`),
    dispatchUnit: (card: Locator) => card.getByTestId('booking-dispatch-unit'),
    dispatchEta: (card: Locator) => card.getByTestId('booking-dispatch-eta'),
    submitAction: (scope: Locator | Page) => scope.getByTestId('booking-action-submit'),
    result: {
      bookingId: (page: Page) => page.getByTestId('result-booking-id'),
      service: (page: Page) => page.getByTestId('result-service'),
      total: (page: Page) => page.getByTestId('result-fee-total'),
      receipt: (page: Page) => page.getByTestId('booking-receipt'),
      outcome: (page: Page) => page.getByTestId('result-outcome'),
      retry: (page: Page) => page.getByTestId('result-retry'),
      myBookings: (page: Page) => page.getByTestId('result-my-bookings'),
    },
    serviceCards: (page: Page) => page.getByTestId('service-cards'),
  },
};
