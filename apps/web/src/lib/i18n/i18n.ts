import type { Language } from '@smart-city/shared';
import i18next from 'i18next';
import type { BackendModule, FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { INTL_LOCALES, languageOfLocale } from './languages';
import { formatCount } from '../format/numbers';

type Namespace =
  | 'translation'
  | 'signedIn'
  | 'services'
  | 'cityTwin'
  | 'workflow'
  | 'wall'
  | 'home'
  | 'reports'
  | 'landing'
  | 'openData';

/**
 * Where each language's texts come from. English's main namespace, the public pages' texts, is
 * bundled (the first screen needs it at once); everything else is a chunk of its own, fetched when
 * its language is chosen and its screens open, so Hindi and Bengali add nothing to what an English
 * reader downloads (their fonts are in index.css, downloaded only where their script is shown).
 * `signedIn` holds the texts of the signed-in screens and their frame, loaded with the frame.
 */
const LOADERS: Record<Language, Record<Namespace, (() => Promise<object>) | null>> = {
  // English's other namespaces come with the screens that show them (services-namespace.ts…).
  en: {
    translation: null,
    signedIn: null,
    services: null,
    cityTwin: null,
    workflow: null,
    wall: null,
    home: null,
    reports: null,
    landing: null,
    openData: null,
  },
  hi: {
    translation: () => import('./hi').then((m) => m.hi),
    signedIn: () => import('./hi-signed-in').then((m) => m.hiSignedIn),
    services: () => import('./hi-services').then((m) => m.hiServices),
    cityTwin: () => import('./hi-city-twin').then((m) => m.hiCityTwin),
    workflow: () => import('./hi-workflow').then((m) => m.hiWorkflow),
    wall: () => import('./hi-wall').then((m) => m.hiWall),
    home: () => import('./hi-home').then((m) => m.hiHome),
    reports: () => import('./hi-reports').then((m) => m.hiReports),
    landing: () => import('./hi-landing').then((m) => m.hiLanding),
    openData: () => import('./hi-open-data').then((m) => m.hiOpenData),
  },
  bn: {
    translation: () => import('./bn').then((m) => m.bn),
    signedIn: () => import('./bn-signed-in').then((m) => m.bnSignedIn),
    services: () => import('./bn-services').then((m) => m.bnServices),
    cityTwin: () => import('./bn-city-twin').then((m) => m.bnCityTwin),
    workflow: () => import('./bn-workflow').then((m) => m.bnWorkflow),
    wall: () => import('./bn-wall').then((m) => m.bnWall),
    home: () => import('./bn-home').then((m) => m.bnHome),
    reports: () => import('./bn-reports').then((m) => m.bnReports),
    landing: () => import('./bn-landing').then((m) => m.bnLanding),
    openData: () => import('./bn-open-data').then((m) => m.bnOpenData),
  },
};

const lazyTexts: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = LOADERS[languageOfLocale(language)][namespace as Namespace];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, texts as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Every number a text interpolates is written in the page's locale, so a count in a sentence
 * has the same digits and grouping as the figures around it (৩টি সেন্সর, 12,04,310).
 */
const localeNumbers: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // i18next hands every interpolated value through here; only numbers are changed.
  format(value: string, _format, lng) {
    const number: unknown = value;
    if (typeof number !== 'number' || !lng) return value;
    return formatCount(number, lng);
  },
};

/** What a text whose key exists in no language shows, so that a forgotten key is seen and found. */
function missingKeyMarker(key: string): string {
  return `⟦${key}⟧`;
}

/** The i18next instance the app renders with; English is bundled, so it is ready synchronously. */
export const i18n = i18next.createInstance();

void i18n
  .use(lazyTexts)
  .use(localeNumbers)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    // More namespaces, and the other languages, are fetched when first needed (LOADERS above).
    partialBundledLanguages: true,
    defaultNS: 'translation',
    // The signed-in screens write `t('dashboard.title')` like the public ones; their texts are found
    // in their own namespace once the signed-in frame has loaded it (signed-in-namespace.ts).
    fallbackNS: 'signedIn',
    lng: INTL_LOCALES.en,
    fallbackLng: 'en',
    // The language names are locales ('hi-IN'); the texts are kept per language ('hi').
    load: 'languageOnly',
    // React escapes rendered text already.
    interpolation: { escapeValue: false, alwaysFormat: true },
    parseMissingKeyHandler: (key, defaultValue) => defaultValue ?? missingKeyMarker(key),
    initAsync: false,
  });

if (typeof document !== 'undefined') {
  // Screen readers, hyphenation and the choice of glyphs all read the page's language. The
  // synchronous start above has already set English's locale, before any listener could hear it.
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (locale) => {
    document.documentElement.lang = locale;
  });
}

/** Shows the app in a language, once its texts (and its script's font) have arrived. */
export async function applyLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(INTL_LOCALES[language]);
}
