/**
 * English texts of the landing page, in an i18next namespace of their own (see
 * landing-namespace.ts): they download with the landing page, so the sign-in page's first download
 * carries none of them. hi-landing.ts and bn-landing.ts have exactly these keys.
 */
export const enLanding = {
  landing: {
    tagline: 'Open-source operations dashboard for city services',
    intro:
      'Smart City brings live sensor data for traffic, air quality, energy, water, waste and population onto one screen. Operators acknowledge and resolve alerts as they arise, residents read city notices and book emergency services, and everyone can follow analytics, a public transparency ledger and a 3D twin of the city.',
    signIn: 'Sign in',
    goToDashboard: 'Go to dashboard',
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
    reportsLink: 'Problems residents have reported',
    openDataLink: 'Open data and its API',
    publicLinks: 'Public pages',
  },
} as const;

export type LandingResources = typeof enLanding;
