import { ALARM_RATE_BUCKET_MS } from '@smart-city/shared';
import type { AlarmKpis, AlarmKpiTopAlert } from '@smart-city/shared';
import { PATHS } from '../../lib/paths';

/** The Alerts screen with these filters in its address (see alert-filters.ts, alert-narrowing.ts). */
function alertsWith(params: Record<string, string>): string {
  return `${PATHS.alerts}?${new URLSearchParams(params).toString()}`;
}

/**
 * Where each figure links: the Alerts screen listing exactly the alerts behind it, with the same
 * filters the server counted it by.
 */
export function alarmKpiLinks(kpis: AlarmKpis) {
  const window = { status: 'announced', from: kpis.from, to: kpis.to };
  return {
    announced: alertsWith(window),
    peak: kpis.rate.peakAt
      ? alertsWith({
          status: 'announced',
          from: kpis.rate.peakAt,
          to: new Date(Date.parse(kpis.rate.peakAt) + ALARM_RATE_BUCKET_MS).toISOString(),
        })
      : null,
    flood: alertsWith({ ...window, grouped: 'true' }),
    standing: alertsWith({ status: 'active', raisedBefore: kpis.standing.raisedBefore }),
    shelved: alertsWith({ status: 'shelved' }),
    chattering: alertsWith({ ...window, chattering: 'true' }),
    suppressed: alertsWith({ status: 'suppressed', from: kpis.from, to: kpis.to }),
    top: (row: AlarmKpiTopAlert) =>
      alertsWith({ ...window, sensorId: row.sensorId, rule: row.rule }),
  };
}
