/**
 * The words of alerts in English: one catalogue that the server (the English record of each alert,
 * e-mails) and the web app (its `alertText` texts) both read, so an alert says the same thing
 * wherever it is read. Hindi (alert-words-hi.ts) and Bengali (alert-words-bn.ts) have exactly these
 * keys. `{{name}}` is replaced by that value, already formatted in the reader's locale; `_one` and
 * `_other` are the plural forms of a text with a `{{count}}`.
 */
export const alertWordsEn = {
  title: {
    traffic: 'High traffic congestion at {{location}}',
    air_quality: 'Poor air quality at {{location}}',
    waste: 'Waste bin nearly full at {{location}}',
    energy: 'Energy feeder overload at {{location}}',
    ph: 'Water pH out of range at {{location}}',
    turbidity: 'Turbid water at {{location}}',
    offline: 'Sensor offline at {{location}}',
  },
  message: {
    traffic: 'Congestion {{value}} %',
    air_quality: 'AQI {{value}}',
    waste: 'Bin fill {{value}} %',
    energy: 'Load {{load}} MW is {{percent}} % of rated {{rated}} MW',
    ph: 'pH {{ph}} (safe {{low}}–{{high}})',
    turbidity: 'Turbidity {{ntu}} NTU',
    offline: '{{name}} has sent no reading since {{time}}',
  },
  /** A message with the severity whose level the value passed. */
  passed: '{{message}} ({{severity}} ≥ {{level}})',
  severity: { critical: 'critical', high: 'high', warning: 'warning', info: 'info' },
  /** A flood group, from its facts: how many sensors of which type, over their limits or silent. */
  group: {
    overLimits_one: '{{count}} {{type}} sensor over its limits',
    overLimits_other: '{{count}} {{type}} sensors over their limits',
    overLimitsAny_one: '{{count}} sensor over its limits',
    overLimitsAny_other: '{{count}} sensors over their limits',
    silent_one: '{{count}} {{type}} sensor silent',
    silent_other: '{{count}} {{type}} sensors silent',
    silentAny_one: '{{count}} sensor silent',
    silentAny_other: '{{count}} sensors silent',
  },
} as const;

type WordsOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : WordsOf<T[K]> };

/** A language's alert words: English's keys, each with words of its own. */
export type AlertWordsCatalogue = WordsOf<typeof alertWordsEn>;
