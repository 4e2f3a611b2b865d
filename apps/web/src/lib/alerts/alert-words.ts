import {
  alertFactsOf,
  alertTitleOf,
  type AlertFacts,
  type AlertSeverity,
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
          time: formatDateTime(`${facts.since.replace(' ', 'T')}:00Z`, locale),
        }),
      };
  }
}

/**
 * An alert's title and message in the reader's language. The server writes them in English from
 * the facts of the rule that raised the alert; those facts are read back and written again here.
 * Words no rule writes are shown as they came.
 */
export function alertWords(
  alert: { rule: string; title: string; message: string },
  t: TFunction,
  locale: string,
): { title: string; message: string } {
  const facts = alertFactsOf(alert);
  return facts ? wordsOf(facts, t, locale) : { title: alert.title, message: alert.message };
}

/** An alert's title alone (as the ledger records it) in the reader's language; else as it came. */
export function alertTitleWords(title: string, t: TFunction): string {
  const said = alertTitleOf(title);
  return said ? t(`alertText.title.${said.kind}`, { location: said.location }) : title;
}
