// Plain values only, no zod (see roles.ts).

/** The languages the app and its e-mails are written in: English, Hindi and Bengali. */
export const LANGUAGES = ['en', 'hi', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of anyone who has not chosen one and whose browser asks for none of the three. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** The language among the three that a language tag ('hi-IN', 'bn', 'en-GB') names, if any. */
export function languageOf(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary) ?? null;
}

/**
 * The locale each language is written and formatted in: numbers, dates and money the Indian way
 * (12,34,567; ₹; 21 Nov), Bengali with its own digits.
 */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = {
  en: 'en-IN',
  hi: 'hi-IN',
  bn: 'bn-IN',
};
