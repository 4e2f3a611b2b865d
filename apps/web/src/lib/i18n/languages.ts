import {
  DEFAULT_LANGUAGE,
  LANGUAGE_LOCALES,
  LANGUAGES,
  languageOf,
  type Language,
} from '@smart-city/shared';
import { LANGUAGE_STORAGE_KEY, readStorage, writeStorage } from '../storage-keys';

/**
 * The locale each language is written and formatted in (the server's e-mails use the same): numbers,
 * dates and money the Indian way (12,34,567; ₹; 21 Nov), Bengali with its own digits. It is also
 * i18next's language name, so that every `i18n.language` handed to Intl is already the right locale.
 */
export const INTL_LOCALES: Readonly<Record<Language, string>> = LANGUAGE_LOCALES;

/**
 * Each language's name in its own script, as every switcher lists them whatever the page's
 * language: a reader finds their language by the name they know it by.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  bn: 'বাংলা',
};

/** The app language of an i18next language name ('hi-IN' → 'hi'); English for anything else. */
export function languageOfLocale(locale: string | undefined): Language {
  return (locale && languageOf(locale)) || DEFAULT_LANGUAGE;
}

/** The language chosen on this device while signed out, if any. */
function readStoredLanguage(): Language | null {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  return LANGUAGES.find((language) => language === stored) ?? null;
}

export function storeLanguage(language: Language): void {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
}

/** The first of the browser's languages that is one of the three, if any. */
function browserLanguage(
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language | null {
  for (const tag of preferred) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return null;
}

/** What a page opens in: this device's choice, else the browser's language, else English. */
export function initialLanguage(): Language {
  return readStoredLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}
