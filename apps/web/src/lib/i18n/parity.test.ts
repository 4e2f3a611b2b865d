import { describe, expect, it } from 'vitest';
import { bn } from './bn';
import { bnCityTwin } from './bn-city-twin';
import { bnHome } from './bn-home';
import { bnLanding } from './bn-landing';
import { bnOpenData } from './bn-open-data';
import { bnReports } from './bn-reports';
import { bnServices } from './bn-services';
import { bnSignedIn } from './bn-signed-in';
import { bnWall } from './bn-wall';
import { bnWorkflow } from './bn-workflow';
import { en } from './en';
import { enCityTwin } from './en-city-twin';
import { enHome } from './en-home';
import { enLanding } from './en-landing';
import { enOpenData } from './en-open-data';
import { enReports } from './en-reports';
import { enServices } from './en-services';
import { enSignedIn } from './en-signed-in';
import { enWall } from './en-wall';
import { enWorkflow } from './en-workflow';
import { hi } from './hi';
import { hiCityTwin } from './hi-city-twin';
import { hiHome } from './hi-home';
import { hiLanding } from './hi-landing';
import { hiOpenData } from './hi-open-data';
import { hiReports } from './hi-reports';
import { hiServices } from './hi-services';
import { hiSignedIn } from './hi-signed-in';
import { hiWall } from './hi-wall';
import { hiWorkflow } from './hi-workflow';
import { INTL_LOCALES } from './languages';

type Tree = { readonly [key: string]: string | Tree };

/** Every text of a tree by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.set(path, value);
    else for (const [inner, text] of flatten(value, path)) texts.set(inner, text);
  }
  return texts;
}

/** The {{variables}} a text interpolates, without their format ('count, number' → 'count'). */
function variables(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((match) => match[1]!).sort();
}

const LANGUAGES = {
  hi: {
    translation: hi,
    signedIn: hiSignedIn,
    services: hiServices,
    cityTwin: hiCityTwin,
    workflow: hiWorkflow,
    wall: hiWall,
    home: hiHome,
    reports: hiReports,
    landing: hiLanding,
    openData: hiOpenData,
  },
  bn: {
    translation: bn,
    signedIn: bnSignedIn,
    services: bnServices,
    cityTwin: bnCityTwin,
    workflow: bnWorkflow,
    wall: bnWall,
    home: bnHome,
    reports: bnReports,
    landing: bnLanding,
    openData: bnOpenData,
  },
};
const ENGLISH = {
  translation: en,
  signedIn: enSignedIn,
  services: enServices,
  cityTwin: enCityTwin,
  workflow: enWorkflow,
  wall: enWall,
  home: enHome,
  reports: enReports,
  landing: enLanding,
  openData: enOpenData,
};
const NAMESPACES = [
  'translation',
  'signedIn',
  'services',
  'cityTwin',
  'workflow',
  'wall',
  'home',
  'reports',
  'landing',
  'openData',
] as const;

describe.each(Object.entries(LANGUAGES))('the %s texts', (language, namespaces) => {
  describe.each(NAMESPACES)('of the %s namespace', (namespace) => {
    const english = flatten(ENGLISH[namespace]);
    const own = flatten(namespaces[namespace]);

    it('have exactly the keys of English', () => {
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('interpolate the same variables as English', () => {
      const differing = [...english].filter(
        ([key, text]) => own.has(key) && variables(own.get(key)!).join() !== variables(text).join(),
      );
      expect(differing.map(([key]) => key)).toEqual([]);
    });

    it('are written out: none is empty, none is left with its English words', () => {
      // A text may stay as it is when it holds no English word: 'PM2.5', 'GST ({{percent}} %)'.
      const untranslated = [...english].filter(([key, text]) => {
        const mine = own.get(key)?.trim();
        const words = text.replace(/{{[^}]*}}/g, '');
        return !mine || (mine === text && /[a-z]{3,}/.test(words));
      });
      expect(untranslated.map(([key]) => key)).toEqual([]);
    });
  });

  it('have every plural form the language needs for each counted text', () => {
    // i18next asks for the form Intl.PluralRules names (plus its own `_zero` where one exists).
    const categories = new Intl.PluralRules(INTL_LOCALES[language as 'hi' | 'bn'])
      .resolvedOptions()
      .pluralCategories.filter((category) => category !== 'zero');
    for (const namespace of NAMESPACES) {
      const own = flatten(namespaces[namespace]);
      const counted = new Set(
        [...own.keys()]
          .filter((key) => /_(one|other)$/.test(key))
          .map((key) => key.replace(/_\w+$/, '')),
      );
      for (const base of counted) {
        for (const category of categories)
          expect(own.has(`${base}_${category}`), `${base}_${category}`).toBe(true);
      }
    }
  });
});

describe('the English namespaces', () => {
  it('give every key one home: the public and the signed-in texts share none', () => {
    const signedIn = flatten(enSignedIn);
    expect([...flatten(en).keys()].filter((key) => signedIn.has(key))).toEqual([]);
  });
});
