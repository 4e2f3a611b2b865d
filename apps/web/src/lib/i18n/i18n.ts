import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/** The i18next instance the app renders with; resources are bundled, so it is ready synchronously. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  // More namespaces are added by the screens that bring them (services-namespace.ts).
  partialBundledLanguages: true,
  defaultNS: 'translation',
  lng: 'en',
  fallbackLng: 'en',
  // React escapes rendered text already.
  interpolation: { escapeValue: false },
  initAsync: false,
});
