import type { AlertSeverity } from './alerts';

/** The sensor types whose primary value alone raises an alert. */
export type ThresholdSensorType = 'traffic' | 'air_quality' | 'waste';

/**
 * What an alert raised by a rule says, as facts: the numbers as its message shows them (rounded),
 * the severity whose level the reading passed (null back in range) and that level.
 */
export type AlertFacts =
  | {
      kind: 'threshold';
      sensorType: ThresholdSensorType;
      location: string;
      value: number;
      severity: AlertSeverity | null;
      level: number | null;
    }
  | {
      kind: 'energy';
      location: string;
      loadMw: number;
      percent: number;
      ratedMw: number;
      severity: AlertSeverity | null;
      level: number | null;
    }
  | { kind: 'water-ph'; location: string; ph: number; low: number; high: number }
  | {
      kind: 'water-turbidity';
      location: string;
      ntu: number;
      severity: AlertSeverity | null;
      level: number | null;
    }
  /** `since`: the last reading's minute in UTC, 'YYYY-MM-DD HH:MM'. */
  | { kind: 'offline'; location: string; sensorName: string; since: string };

const THRESHOLD_WORDS: Record<
  ThresholdSensorType,
  { title: string; metric: string; unit: string }
> = {
  traffic: { title: 'High traffic congestion', metric: 'Congestion', unit: ' %' },
  air_quality: { title: 'Poor air quality', metric: 'AQI', unit: '' },
  waste: { title: 'Waste bin nearly full', metric: 'Bin fill', unit: ' %' },
};

function passed(severity: AlertSeverity | null, level: number | null, unit: string): string {
  return severity && level !== null ? ` (${severity} ≥ ${level}${unit})` : '';
}

/**
 * An alert's title and message in English, as the server stores them (and the ledger records
 * them). The app writes the same facts in the reader's language: see `alertFactsOf`.
 */
export function alertText(facts: AlertFacts): { title: string; message: string } {
  const at = facts.location;
  switch (facts.kind) {
    case 'threshold': {
      const words = THRESHOLD_WORDS[facts.sensorType];
      return {
        title: `${words.title} at ${at}`,
        message: `${words.metric} ${facts.value}${words.unit}${passed(facts.severity, facts.level, words.unit)}`,
      };
    }
    case 'energy':
      return {
        title: `Energy feeder overload at ${at}`,
        message:
          `Load ${facts.loadMw} MW is ${facts.percent} % of rated ${facts.ratedMw} MW` +
          passed(facts.severity, facts.level, ' %'),
      };
    case 'water-ph':
      return {
        title: `Water pH out of range at ${at}`,
        message: `pH ${facts.ph} (safe ${facts.low}–${facts.high})`,
      };
    case 'water-turbidity':
      return {
        title: `Turbid water at ${at}`,
        message: `Turbidity ${facts.ntu} NTU${passed(facts.severity, facts.level, ' NTU')}`,
      };
    case 'offline':
      return {
        title: `Sensor offline at ${at}`,
        message: `${facts.sensorName} has sent no reading since ${facts.since} UTC`,
      };
  }
}

/** Which rule's words a title is, by the words that start it (the keys the app words them by). */
const TITLE_STARTS = {
  traffic: THRESHOLD_WORDS.traffic.title,
  air_quality: THRESHOLD_WORDS.air_quality.title,
  waste: THRESHOLD_WORDS.waste.title,
  energy: 'Energy feeder overload',
  ph: 'Water pH out of range',
  turbidity: 'Turbid water',
  offline: 'Sensor offline',
} as const;

export type AlertTitleKind = keyof typeof TITLE_STARTS;

/**
 * What an alert's title says when only the title is at hand (the ledger records titles): the
 * rule's kind and the place; null for a title no rule writes.
 */
export function alertTitleOf(title: string): { kind: AlertTitleKind; location: string } | null {
  for (const kind of Object.keys(TITLE_STARTS) as AlertTitleKind[]) {
    const start = `${TITLE_STARTS[kind]} at `;
    if (title.startsWith(start) && title.length > start.length) {
      return { kind, location: title.slice(start.length) };
    }
  }
  return null;
}

const NUMBER = '(-?\\d+(?:\\.\\d+)?)';
const SEVERITY = '(critical|high|warning|info)';

function level(
  match: RegExpExecArray,
  at: number,
): { severity: AlertSeverity | null; level: number | null } {
  const severity = (match[at] as AlertSeverity | undefined) ?? null;
  return { severity, level: severity ? Number(match[at + 1]) : null };
}

/**
 * The facts of an alert whose title and message a rule wrote (`alertText`), so that each reader's
 * app can say them in its own language; null for any other text (an older or a hand-made alert),
 * which is then shown as it was written.
 */
export function alertFactsOf(alert: {
  rule: string;
  title: string;
  message: string;
}): AlertFacts | null {
  const { title, message } = alert;
  const titled = (prefix: string) =>
    title.startsWith(`${prefix} at `) ? title.slice(prefix.length + 4) : null;
  for (const sensorType of Object.keys(THRESHOLD_WORDS) as ThresholdSensorType[]) {
    const words = THRESHOLD_WORDS[sensorType];
    const location = titled(words.title);
    const match = new RegExp(
      `^${words.metric} ${NUMBER}${words.unit}(?: \\(${SEVERITY} ≥ ${NUMBER}${words.unit}\\))?$`,
    ).exec(message);
    if (location !== null && match) {
      return {
        kind: 'threshold',
        sensorType,
        location,
        value: Number(match[1]),
        ...level(match, 2),
      };
    }
  }
  let location = titled('Energy feeder overload');
  let match = new RegExp(
    `^Load ${NUMBER} MW is ${NUMBER} % of rated ${NUMBER} MW(?: \\(${SEVERITY} ≥ ${NUMBER} %\\))?$`,
  ).exec(message);
  if (location !== null && match) {
    return {
      kind: 'energy',
      location,
      loadMw: Number(match[1]),
      percent: Number(match[2]),
      ratedMw: Number(match[3]),
      ...level(match, 4),
    };
  }
  location = titled('Water pH out of range');
  match = new RegExp(`^pH ${NUMBER} \\(safe ${NUMBER}–${NUMBER}\\)$`).exec(message);
  if (location !== null && match) {
    const [, ph, low, high] = match.map(Number) as [number, number, number, number];
    return { kind: 'water-ph', location, ph, low, high };
  }
  location = titled('Turbid water');
  match = new RegExp(`^Turbidity ${NUMBER} NTU(?: \\(${SEVERITY} ≥ ${NUMBER} NTU\\))?$`).exec(
    message,
  );
  if (location !== null && match) {
    return { kind: 'water-turbidity', location, ntu: Number(match[1]), ...level(match, 2) };
  }
  location = titled('Sensor offline');
  match = /^(.+) has sent no reading since (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC$/.exec(message);
  if (location !== null && match) {
    return { kind: 'offline', location, sensorName: match[1]!, since: match[2]! };
  }
  return null;
}
