import {
  alertFactsSchema,
  findArea,
  LEDGER_ENTRY_TYPES,
  type LedgerEntryType,
  type LedgerEntryView,
} from '@smart-city/shared';
import type { TFunction } from 'i18next';
import { alertTitleWords } from '../../lib/alerts/alert-words';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMetricValue } from '../../lib/format/metric-value';
import { formatNumber } from '../../lib/format/numbers';

/** What describing an entry needs besides the entry: words, the reader's locale, city names. */
export type DescribeContext = { t: TFunction; locale: string; cityName: (key: string) => string };

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
/** A number in the reader's digits, as everywhere else. */
const formatCount = (value: unknown, locale: string) =>
  typeof value === 'number' ? formatNumber(value, locale) : text(value);
/** Who acted, as the ledger names them: a role, in the reader's language, and a pseudonym. */
const actorOf = (payload: Record<string, unknown>, t: TFunction) => {
  const by = payload.by as { role?: unknown; id?: unknown } | undefined;
  const role = text(by?.role);
  return {
    role: t(`blockchain.roles.${role as 'admin'}`, { defaultValue: role }),
    actor: text(by?.id),
  };
};

/** A step of a citizen's report after it was made, as its entry records it. */
function reportChange(p: Record<string, unknown>, t: TFunction): string {
  const report = text(p.reportId);
  switch (p.step) {
    case 'assigned':
      return t('blockchain.entry.reportAssigned', {
        report,
        department: t(`blockchain.reportDepartment.${text(p.department) as 'roads'}`, {
          defaultValue: text(p.department),
        }),
      });
    case 'merged':
      return t('blockchain.entry.reportMerged', { report, into: text(p.mergedInto) });
    case 'duplicate':
      return t('blockchain.entry.reportDuplicate', { report });
    case 'escalated':
      return t('blockchain.entry.reportEscalated', { report });
    default:
      return t('blockchain.entry.reportStatus', {
        report,
        status: t(`blockchain.reportStatus.${text(p.status) as 'open'}`, {
          defaultValue: text(p.status),
        }),
      });
  }
}

/** Which sensors a scheduled window covers, as its entry records them: named ones, a type, an area. */
function maintenanceScope(p: Record<string, unknown>, t: TFunction): string {
  const parts: string[] = [];
  if (typeof p.sensors === 'number') {
    parts.push(t('blockchain.entry.maintenanceSensors', { count: p.sensors }));
  }
  if (typeof p.sensorType === 'string') {
    parts.push(t(`sensorTypes.${p.sensorType as 'traffic'}`, { defaultValue: p.sensorType }));
  }
  if (typeof p.area === 'string') parts.push(findArea(p.area)?.name ?? p.area);
  return parts.length > 0 ? parts.join(', ') : t('blockchain.entry.maintenanceEveryone');
}

function isKnownType(type: string): type is LedgerEntryType {
  return (LEDGER_ENTRY_TYPES as readonly string[]).includes(type);
}

/** The name of an entry's type, in the reader's language. */
export function entryTypeLabel(type: string, t: TFunction): string {
  return isKnownType(type) ? t(`blockchain.entryTypes.${type}`) : t('blockchain.entryTypes.other');
}

/** One line saying what an entry records, from its payload, with values formatted as everywhere else. */
export function describeEntry(
  entry: LedgerEntryView,
  { t, locale, cityName }: DescribeContext,
): string {
  const p = entry.payload;
  const aqi = (value: unknown) =>
    typeof value === 'number' ? formatMetricValue(value, 'air_quality', locale) : text(value);
  // Which bound was crossed, from the facts the entry records; an entry recorded before it kept
  // them says it as it was written ("above 150").
  const crossedWords = () => {
    if (typeof p.bound !== 'number') return text(p.crossed);
    if (p.direction === 'above') return t('blockchain.entry.crossedAbove', { value: aqi(p.bound) });
    if (p.direction === 'below') return t('blockchain.entry.crossedBelow', { value: aqi(p.bound) });
    return text(p.crossed);
  };
  // The alert's title from the facts the entry records, in the reader's words; as recorded in an
  // entry from before alerts kept their facts.
  const alertTitle = () =>
    alertTitleWords(
      { title: text(p.title), facts: alertFactsSchema.safeParse(p.facts).data ?? null },
      t,
    );
  if (!isKnownType(entry.type)) return '';
  switch (entry.type) {
    case 'contract.created':
      return t('blockchain.entry.contractCreated', {
        name: text(p.name),
        status: t(`blockchain.contractStatus.${text(p.status) as 'draft'}`, {
          defaultValue: text(p.status),
        }),
      });
    case 'contract.changed':
      return t('blockchain.entry.contractChanged', {
        version: text(p.version),
        status: t(`blockchain.contractStatus.${text(p.status) as 'draft'}`, {
          defaultValue: text(p.status),
        }),
      });
    case 'contract.feedback':
      return t('blockchain.entry.feedback', { author: text(p.author), body: text(p.body) });
    case 'air_quality.crossed':
      return t('blockchain.entry.aqiCrossed', {
        aqi: aqi(p.aqi),
        location: text(p.location),
        crossed: crossedWords(),
      });
    case 'air_quality.daily':
      return t('blockchain.entry.aqiDaily', {
        city: cityName(text(p.city)),
        day: text(p.day),
        mean: aqi(p.meanAqi),
        min: aqi(p.minAqi),
        max: aqi(p.maxAqi),
      });
    case 'alert.acknowledged':
    case 'alert.resolved':
    case 'alert.dismissed':
      return t('blockchain.entry.alert', {
        title: alertTitle(),
        city: cityName(text(p.city)),
        ...actorOf(p, t),
      });
    case 'alert.shelved':
      return t('blockchain.entry.alertShelved', {
        title: alertTitle(),
        city: cityName(text(p.city)),
        minutes: formatCount(p.minutes, locale),
        ...actorOf(p, t),
      });
    case 'alert.unshelved': {
      const words = { title: alertTitle(), city: cityName(text(p.city)) };
      // The system ends a shelve when its time runs out or the value worsens; a person names no cause.
      if (p.cause === 'expired') return t('blockchain.entry.alertShelveExpired', words);
      if (p.cause === 'worsened') return t('blockchain.entry.alertShelveWorsened', words);
      return t('blockchain.entry.alertUnshelved', { ...words, ...actorOf(p, t) });
    }
    case 'alert_group.acknowledged':
    case 'alert_group.resolved':
      return t('blockchain.entry.alertGroup', {
        count: typeof p.alerts === 'number' ? p.alerts : 0,
        alerts: formatCount(p.alerts, locale),
        city: cityName(text(p.city)),
        ...actorOf(p, t),
      });
    case 'notice.published':
      return t('blockchain.entry.notice', { title: text(p.title), ...actorOf(p, t) });
    case 'notice.edited':
      return t('blockchain.entry.noticeEdited', { title: text(p.title), ...actorOf(p, t) });
    case 'notice.removed':
      return t('blockchain.entry.noticeRemoved', { title: text(p.title), ...actorOf(p, t) });
    case 'maintenance.scheduled':
      return t('blockchain.entry.maintenanceScheduled', {
        city: cityName(text(p.city)),
        scope: maintenanceScope(p, t),
        // The reader's own zone: an entry names its city, not always the one chosen on screen.
        from: formatDateTime(text(p.startsAt), locale),
        to: formatDateTime(text(p.endsAt), locale),
        ...actorOf(p, t),
      });
    case 'maintenance.ended':
      return t(
        p.early === false
          ? 'blockchain.entry.maintenanceRemoved'
          : 'blockchain.entry.maintenanceEnded',
        { city: cityName(text(p.city)), ...actorOf(p, t) },
      );
    case 'report.created':
      return t('blockchain.entry.reportCreated', {
        report: text(p.reportId),
        city: cityName(text(p.city)),
        ...actorOf(p, t),
      });
    case 'report.changed':
      return reportChange(p, t);
    case 'booking.status_changed':
      return t('blockchain.entry.booking', {
        booking: text(p.bookingId),
        status: t(`blockchain.bookingStatus.${text(p.status) as 'confirmed'}`, {
          defaultValue: text(p.status),
        }),
      });
  }
}
