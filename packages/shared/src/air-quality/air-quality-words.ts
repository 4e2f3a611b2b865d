import type { Language } from '../languages';
import { airQualityWordsBn } from './air-quality-words-bn';
import { airQualityWordsEn, type AirQualityWordsCatalogue } from './air-quality-words-en';
import { airQualityWordsHi } from './air-quality-words-hi';

/** Every language's air-quality words (see air-quality-words-en.ts). */
export const AIR_QUALITY_WORDS: Readonly<Record<Language, AirQualityWordsCatalogue>> = {
  en: airQualityWordsEn,
  hi: airQualityWordsHi,
  bn: airQualityWordsBn,
};
