import { describe, expect, it } from 'vitest';
import { INCOMPLETE_REASONS } from './air-quality-index';
import { AIR_QUALITY_WORDS } from './air-quality-words';
import { airQualityWordsEn } from './air-quality-words-en';
import { AIR_QUALITY_CATEGORIES } from './categories';
import { AIR_QUALITY_STANDARDS, POLLUTANTS } from './pollutants';

/** Every dotted key of a catalogue, with its text. */
function entries(words: object, prefix = ''): [string, unknown][] {
  return Object.entries(words).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null
      ? entries(value as object, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

describe('air quality words', () => {
  it('has exactly the same keys in English, Hindi and Bengali, each with words', () => {
    const english = entries(airQualityWordsEn).map(([key]) => key);
    for (const [language, words] of Object.entries(AIR_QUALITY_WORDS)) {
      const own = entries(words);
      expect(
        own.map(([key]) => key),
        language,
      ).toEqual(english);
      for (const [key, text] of own) {
        expect(typeof text === 'string' && text.trim().length > 0, `${language} ${key}`).toBe(true);
      }
    }
  });

  it('names every standard, category, pollutant and reason for no index', () => {
    for (const standard of AIR_QUALITY_STANDARDS) {
      expect(airQualityWordsEn.standard[standard]).toBeTruthy();
      expect(Object.keys(airQualityWordsEn.category[standard])).toEqual(
        AIR_QUALITY_CATEGORIES[standard].map((category) => category.key),
      );
    }
    expect(Object.keys(airQualityWordsEn.pollutant)).toEqual([...POLLUTANTS]);
    expect(Object.keys(airQualityWordsEn.incomplete).sort()).toEqual(
      [...INCOMPLETE_REASONS].sort(),
    );
  });

  it("says India's categories in CPCB's Hindi names", () => {
    const hindi = AIR_QUALITY_WORDS.hi.category['IN-NAQI'];
    expect(Object.values(hindi).map((category) => category.name)).toEqual([
      'अच्छा',
      'संतोषजनक',
      'मध्यम',
      'खराब',
      'बहुत खराब',
      'गंभीर',
    ]);
  });
});
