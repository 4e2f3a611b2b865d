import {
  ACTIVE_ALERT_STATUSES,
  alertFactsOf,
  alertTitleOf,
  type AlertFacts,
  type AlertSeverity,
  type AlertStatus,
} from '@smart-city/shared';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../format/date-time';
import { formatNumber } from '../format/metric-value';

/** The unit a level of each kind of fact is written with. */
const LEVEL_UNIT: Record<'traffic' | 'air_quality' | 'waste' | 'energy' | 'turbidity', string> = {
  traffic: ' %',
  air_quality: '',
  waste: ' %',
  energy: ' %',
  turbidity: ' NTU',
};

function withLevel(
  t: TFunction,
  locale: string,
  message: string,
  facts: { severity: AlertSeverity | null; level: number | null },
  unit: string,
): string {
  if (!facts.severity || facts.level === null) return message;
  return t('alertText.passed', {
    message,
    severity: t(`alertText.severity.${facts.severity}`),
    level: `${formatNumber(facts.level, locale)}${unit}`,
  });
}

function wordsOf(
  facts: AlertFacts,
  t: TFunction,
  locale: string,
  timeZone: string | undefined,
): { title: string; message: string } {
  const n = (value: number) => formatNumber(value, locale);
  const location = facts.location;
  switch (facts.kind) {
    case 'threshold': {
      const type = facts.sensorType;
      return {
        title: t(`alertText.title.${type}`, { location }),
        message: withLevel(
          t,
          locale,
          t(`alertText.message.${type}`, { value: n(facts.value) }),
          facts,
          LEVEL_UNIT[type],
        ),
      };
    }
    case 'energy':
      return {
        title: t('alertText.title.energy', { location }),
        message: withLevel(
          t,
          locale,
          t('alertText.message.energy', {
            load: n(facts.loadMw),
            percent: n(facts.percent),
            rated: n(facts.ratedMw),
          }),
          facts,
          LEVEL_UNIT.energy,
        ),
      };
    case 'water-ph':
      return {
        title: t('alertText.title.ph', { location }),
        message: t('alertText.message.ph', {
          ph: n(facts.ph),
          low: n(facts.low),
          high: n(facts.high),
        }),
      };
    case 'water-turbidity':
      return {
        title: t('alertText.title.turbidity', { location }),
        message: withLevel(
          t,
          locale,
          t('alertText.message.turbidity', { ntu: n(facts.ntu) }),
          facts,
          LEVEL_UNIT.turbidity,
        ),
      };
    case 'offline':
      return {
        title: t('alertText.title.offline', { location }),
        message: t('alertText.message.offline', {
          name: facts.sensorName,
          time: formatDateTime(`${facts.since.replace(' ', 'T')}:00Z`, locale, timeZone),
        }),
      };
  }
}

/**
 * An alert's title and message in the reader's language. The server writes them in English from
 * the facts of the rule that raised the alert; those facts are read back and written again here.
 * Words no rule writes are shown as they came. A time in them (since when a sensor is silent) is
 * in `timeZone`, the alert's city's, with its abbreviation.
 */
export function alertWords(
  alert: { rule: string; title: string; message: string },
  t: TFunction,
  locale: string,
  timeZone?: string,
): { title: string; message: string } {
  const facts = alertFactsOf(alert);
  return facts
    ? wordsOf(facts, t, locale, timeZone)
    : { title: alert.title, message: alert.message };
}

/**
 * The alert's latest reading in the words of its message ('AQI 127', 'Congestion 85 %'), when it
 * is not the peak the message names; null when they agree or the rule measures something other than
 * the reading's value (water quality, silence). Its message keeps naming the peak that set the
 * severity, so the two side by side say how bad it got and how it stands.
 */
export function latestWords(
  alert: { rule: string; title: string; message: string; value: number | null },
  t: TFunction,
  locale: string,
): string | null {
  const facts = alertFactsOf(alert);
  if (!facts || alert.value === null) return null;
  const n = (value: number) => formatNumber(value, locale);
  if (facts.kind === 'threshold') {
    const latest = Math.round(alert.value);
    if (latest === facts.value) return null;
    return t(`alertText.message.${facts.sensorType}`, { value: n(latest) });
  }
  if (facts.kind === 'energy') {
    const load = Math.round(alert.value * 10) / 10;
    if (load === facts.loadMw) return null;
    return t('alertText.message.energy', {
      load: n(load),
      percent: n(Math.round((load / facts.ratedMw) * 100)),
      rated: n(facts.ratedMw),
    });
  }
  return null;
}

/**
 * An alert's message as the lists show it: the peak that set its severity and, while the alert is
 * active and its latest reading differs, that reading beside it ('Peak AQI 165 (high ≥ 150) ·
 * latest AQI 127').
 */
export function alertMessageWords(
  alert: {
    rule: string;
    title: string;
    message: string;
    value: number | null;
    status: AlertStatus;
  },
  t: TFunction,
  locale: string,
  timeZone?: string,
): string {
  const { message } = alertWords(alert, t, locale, timeZone);
  const latest = ACTIVE_ALERT_STATUSES.includes(alert.status)
    ? latestWords(alert, t, locale)
    : null;
  return latest ? t('alerts.peakAndLatest', { peak: message, latest }) : message;
}

/** An alert's title alone (as the ledger records it) in the reader's language; else as it came. */
export function alertTitleWords(title: string, t: TFunction): string {
  const said = alertTitleOf(title);
  return said ? t(`alertText.title.${said.kind}`, { location: said.location }) : title;
}
