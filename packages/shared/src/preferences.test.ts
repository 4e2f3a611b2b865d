import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  languageFromAcceptLanguage,
  preferencesSchema,
  updatePreferencesSchema,
} from './preferences';
import { languageOf } from './languages';

describe('languages', () => {
  it('reads one of the three from a language tag', () => {
    expect(languageOf('hi-IN')).toBe('hi');
    expect(languageOf('bn')).toBe('bn');
    expect(languageOf('en_GB')).toBe('en');
    expect(languageOf('ta-IN')).toBeNull();
  });

  it('picks the most wanted of the three from an Accept-Language header', () => {
    expect(languageFromAcceptLanguage('bn-IN,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(languageFromAcceptLanguage('ta-IN, en;q=0.5, hi;q=0.7')).toBe('hi');
    expect(languageFromAcceptLanguage('fr;q=0.9, de')).toBeNull();
    expect(languageFromAcceptLanguage('hi;q=0, en;q=0.1')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
  });

  it('takes a language alone, switches alone, or both, and nothing unknown', () => {
    expect(updatePreferencesSchema.safeParse({ language: 'bn' }).success).toBe(true);
    expect(updatePreferencesSchema.safeParse({ notifications: { notices: false } }).success).toBe(
      true,
    );
    expect(updatePreferencesSchema.safeParse({ language: 'fr' }).success).toBe(false);
    expect(updatePreferencesSchema.safeParse({ language: null }).success).toBe(false);
    expect(preferencesSchema.safeParse({ notifications: {}, language: 'hi' }).success).toBe(false);
  });
});

describe('notification preferences', () => {
  it('start with every alert in the bell, warnings too, and the language out of them', () => {
    expect(DEFAULT_NOTIFICATION_PREFERENCES).toMatchObject({
      criticalAlerts: true,
      highAlerts: true,
      warningAlerts: true,
    });
    expect(DEFAULT_NOTIFICATION_PREFERENCES).not.toHaveProperty('language');
    expect(updatePreferencesSchema.safeParse({ notifications: { language: 'bn' } }).success).toBe(
      false,
    );
  });
});
