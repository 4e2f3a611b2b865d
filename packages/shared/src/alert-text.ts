import { alertWordsBn } from './alert-words-bn';
import { alertWordsEn, type AlertWordsCatalogue } from './alert-words-en';
import { alertWordsHi } from './alert-words-hi';
import type { AlertFacts, AlertSeverity } from './alerts';
import { LANGUAGE_LOCALES, type Language } from './languages';

export { alertWordsBn, alertWordsEn, alertWordsHi, type AlertWordsCatalogue };

/** Every language's alert words: the one catalogue of them (see alert-words-en.ts). */
export const ALERT_WORDS: Readonly<Record<Language, AlertWordsCatalogue>> = {
  en: alertWordsEn,
  hi: alertWordsHi,
  bn: alertWordsBn,
};

/**
 * Says one text of the catalogue (a dotted key such as 'title.traffic') with its values: i18next's
 * `t` over the `alertText` texts in the app, `alertSayIn(language)` on the server.
 */
export type AlertSay = (key: string, values: Record<string, string | number>) => string;

/** How the reader's locale writes a number, and a moment (a silent sensor's last reading). */
export type AlertFormat = { number: (value: number) => string; time: (iso: string) => string };

/** The catalogue's key of each kind of facts' title and message. */
export function alertWordsKey(
  facts: AlertFacts,
): 'traffic' | 'air_quality' | 'waste' | 'energy' | 'ph' | 'turbidity' | 'offline' {
  switch (facts.kind) {
    case 'threshold':
      return facts.sensorType;
    case 'energy':
      return 'energy';
    case 'water-ph':
      return 'ph';
    case 'water-turbidity':
      return 'turbidity';
    case 'offline':
      return 'offline';
  }
}

/** How a level is written after its number, by the unit the rule sets its levels in. */
const LEVEL_UNIT = { '%': ' %', AQI: '', NTU: ' NTU' } as const;

function passed(
  say: AlertSay,
  format: AlertFormat,
  message: string,
  severity: AlertSeverity,
  level: number,
  unit: keyof typeof LEVEL_UNIT,
): string {
  return say('passed', {
    message,
    severity: say(`severity.${severity}`, {}),
    level: `${format.number(level)}${LEVEL_UNIT[unit]}`,
  });
}

/**
 * An alert's title and message from its facts, in the words `say` gives and the numbers and time
 * `format` writes: the one way every reader's words are made (the web app, e-mails, the ledger
 * screen, and the English record the server stores).
 */
export function alertFactsWords(
  facts: AlertFacts,
  say: AlertSay,
  format: AlertFormat,
): { title: string; message: string } {
  const key = alertWordsKey(facts);
  const n = format.number;
  const title = say(`title.${key}`, { location: facts.location });
  switch (facts.kind) {
    case 'threshold': {
      const message = say(`message.${key}`, { value: n(facts.value) });
      return {
        title,
        message: passed(say, format, message, facts.severity, facts.level, facts.unit),
      };
    }
    case 'energy': {
      const message = say('message.energy', {
        load: n(facts.value),
        percent: n(facts.percent),
        rated: n(facts.ratedMw),
      });
      return { title, message: passed(say, format, message, facts.severity, facts.level, '%') };
    }
    case 'water-ph':
      return {
        title,
        message: say('message.ph', { ph: n(facts.value), low: n(facts.low), high: n(facts.high) }),
      };
    case 'water-turbidity': {
      const message = say('message.turbidity', { ntu: n(facts.value) });
      return { title, message: passed(say, format, message, facts.severity, facts.level, 'NTU') };
    }
    case 'offline':
      return {
        title,
        message: say('message.offline', {
          name: facts.sensorName ?? facts.sensorId ?? facts.location,
          time: format.time(facts.since),
        }),
      };
  }
}

/** A text with each `{{name}}` replaced by its value (one not given is left as it is). */
export function fillWords(text: string, values: Record<string, string | number>): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('{{', from);
    const close = open < 0 ? -1 : text.indexOf('}}', open + 2);
    if (close < 0) return out + text.slice(from);
    const name = text.slice(open + 2, close).trim();
    const value = values[name];
    out += text.slice(from, open) + (value === undefined ? text.slice(open, close + 2) : value);
    from = close + 2;
  }
}

function lookup(words: AlertWordsCatalogue, key: string): string | undefined {
  let node: unknown = words;
  for (const part of key.split('.')) {
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The catalogue's texts in one language, as the server says them: a `count` picks the plural form
 * by the language's rules and every number is written in its locale.
 */
export function alertSayIn(language: Language): AlertSay {
  const words = ALERT_WORDS[language];
  const locale = LANGUAGE_LOCALES[language];
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  return (key, values) => {
    const count = values.count;
    const text =
      typeof count === 'number'
        ? (lookup(words, `${key}_${plurals.select(count)}`) ?? lookup(words, `${key}_other`))
        : lookup(words, key);
    if (text === undefined) return key;
    const written = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'number' ? numbers.format(value) : value,
      ]),
    );
    return fillWords(text, written);
  };
}

/**
 * Numbers and moments in a language's locale, as a reader of it writes them (Bengali with its own
 * digits); a moment in `timeZone` (the alert's city's), with the zone named.
 */
export function alertFormatIn(language: Language, timeZone?: string): AlertFormat {
  const locale = LANGUAGE_LOCALES[language];
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const times = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  return { number: (value) => numbers.format(value), time: (iso) => times.format(new Date(iso)) };
}

/** An alert's title and message in a language, from its facts (the server's e-mails). */
export function alertWordsIn(
  facts: AlertFacts,
  language: Language,
  timeZone?: string,
): { title: string; message: string } {
  return alertFactsWords(facts, alertSayIn(language), alertFormatIn(language, timeZone));
}

/** The English record's numbers as the rules round them, and a moment as its UTC minute. */
const RECORD_FORMAT: AlertFormat = {
  number: (value) => String(value),
  time: (iso) => `${iso.slice(0, 16).replace('T', ' ')} UTC`,
};

/**
 * An alert's title and message in English, as the server stores them beside the facts for API
 * consumers and the alert's history; every reader is given words made from the facts instead.
 */
export function alertText(facts: AlertFacts): { title: string; message: string } {
  return alertFactsWords(facts, alertSayIn('en'), RECORD_FORMAT);
}
