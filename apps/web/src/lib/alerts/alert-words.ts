import {
  ACTIVE_ALERT_STATUSES,
  alertFactsWords,
  alertWordsKey,
  type AlertFacts,
  type AlertSay,
  type AlertStatus,
} from '@smart-city/shared';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../format/date-time';
import { formatNumber } from '../format/numbers';

/** The shared alert words catalogue, as the app's `alertText` texts hold it, said through `t`. */
function sayWith(t: TFunction): AlertSay {
  // The catalogue's keys are checked by the shared module and the parity test, not here.
  const say = t as unknown as (key: string, values: Record<string, string | number>) => string;
  return (key, values) => say(`alertText.${key}`, values);
}

/**
 * An alert's title and message in the reader's language, made from the facts its rule found with
 * the catalogue the server's English record and e-mails are made with. An alert without facts
 * (stored before alerts kept them, or made by hand) is shown with its title and message as written.
 * A time in them (since when a sensor is silent) is in `timeZone`, the alert's city's, with its
 * abbreviation.
 */
export function alertWords(
  alert: { title: string; message: string; facts: AlertFacts | null },
  t: TFunction,
  locale: string,
  timeZone?: string,
): { title: string; message: string } {
  if (!alert.facts) return { title: alert.title, message: alert.message };
  return alertFactsWords(alert.facts, sayWith(t), {
    number: (value) => formatNumber(value, locale),
    time: (iso) => formatDateTime(iso, locale, timeZone),
  });
}

/** An alert's title alone (a notification, the twin, the ledger) in the reader's language. */
export function alertTitleWords(
  alert: { title: string; facts: AlertFacts | null },
  t: TFunction,
): string {
  if (!alert.facts) return alert.title;
  return t(`alertText.title.${alertWordsKey(alert.facts)}`, { location: alert.facts.location });
}

/**
 * The alert's latest reading in the words of its message ('AQI 127', 'Congestion 85 %'), when it
 * is not the peak the facts name; null when they agree or the rule measures something other than
 * the reading's value (water quality, silence). Its message keeps naming the peak that set the
 * severity, so the two side by side say how bad it got and how it stands.
 */
export function latestWords(
  alert: { facts: AlertFacts | null; value: number | null },
  t: TFunction,
  locale: string,
): string | null {
  const facts = alert.facts;
  if (!facts || alert.value === null) return null;
  const n = (value: number) => formatNumber(value, locale);
  if (facts.kind === 'threshold') {
    const latest = Math.round(alert.value);
    if (latest === facts.value) return null;
    return t(`alertText.message.${facts.sensorType}`, { value: n(latest) });
  }
  if (facts.kind === 'energy') {
    const load = Math.round(alert.value * 10) / 10;
    if (load === facts.value) return null;
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
    title: string;
    message: string;
    facts: AlertFacts | null;
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
