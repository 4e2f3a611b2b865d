import {
  SENSOR_THRESHOLDS,
  severityFor,
  WATER_QUALITY_LIMITS,
  type AlertSeverity,
  type SensorType,
  type ThresholdLevels,
} from '@smart-city/shared';

/** The rule names an alert can carry. */
export const ALERT_RULES = {
  threshold: 'threshold',
  ph: 'water-ph',
  turbidity: 'water-turbidity',
  offline: 'offline',
} as const;

const SEVERITY_RANK: Record<AlertSeverity, number> = { info: 0, warning: 1, high: 2, critical: 3 };

/** Whether `a` is more severe than `b` (null is in range). */
export function moreSevere(a: AlertSeverity | null, b: AlertSeverity | null): boolean {
  if (a === null) return false;
  if (b === null) return true;
  return SEVERITY_RANK[a] > SEVERITY_RANK[b];
}

/** The sensor facts a rule needs. */
export type RuleSensor = {
  type: string;
  location: string;
  metadata: Record<string, unknown>;
};

/**
 * What one rule says about one reading: in range (severity null), or out of it with the alert's
 * title and message. Most readings are in range, so only the others are put into words.
 */
export type RuleVerdict =
  | { rule: string; severity: null }
  | { rule: string; severity: AlertSeverity; title: string; message: string };

function verdict(
  rule: string,
  severity: AlertSeverity | null,
  words: (severity: AlertSeverity) => { title: string; message: string },
): RuleVerdict {
  return severity === null ? { rule, severity } : { rule, severity, ...words(severity) };
}

function levelName(severity: AlertSeverity, levels: ThresholdLevels): string {
  const at = severity === 'info' ? levels.warning : levels[severity];
  return `${severity} ≥ ${at}`;
}

function round(n: number, digits = 1): string {
  const f = 10 ** digits;
  return String(Math.round(n * f) / f);
}

function numberIn(metadata: Record<string, unknown> | undefined, key: string): number | null {
  const v = metadata?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

const THRESHOLD_WORDS: Partial<
  Record<SensorType, { title: string; metric: string; unit: string }>
> = {
  traffic: { title: 'High traffic congestion', metric: 'Congestion', unit: ' %' },
  air_quality: { title: 'Poor air quality', metric: 'AQI', unit: '' },
  waste: { title: 'Waste bin nearly full', metric: 'Bin fill', unit: ' %' },
};

/**
 * Every rule that applies to a reading of this sensor, with its verdict. Population has none; energy
 * is judged as a share of the feeder's rated load; water by the pH and turbidity in the reading's
 * metadata (its primary value is the supply).
 */
export function evaluateReading(
  sensor: RuleSensor,
  reading: { value: number; metadata?: Record<string, unknown> },
): RuleVerdict[] {
  const type = sensor.type as SensorType;
  const at = sensor.location;
  if (type === 'energy') {
    const levels = SENSOR_THRESHOLDS.energy!;
    const ratedMw = numberIn(sensor.metadata, 'ratedMw');
    if (!ratedMw || ratedMw <= 0) return [];
    const percent = (reading.value / ratedMw) * 100;
    return [
      verdict(ALERT_RULES.threshold, severityFor(percent, levels), (severity) => ({
        title: `Energy feeder overload at ${at}`,
        message: `Load ${round(reading.value)} MW is ${Math.round(percent)} % of rated ${ratedMw} MW (${levelName(severity, levels)} %)`,
      })),
    ];
  }
  if (type === 'water') {
    const verdicts: RuleVerdict[] = [];
    const ph = numberIn(reading.metadata, 'ph');
    if (ph !== null) {
      const { phLow, phHigh } = WATER_QUALITY_LIMITS;
      verdicts.push(
        verdict(ALERT_RULES.ph, ph < phLow || ph > phHigh ? 'warning' : null, () => ({
          title: `Water pH out of range at ${at}`,
          message: `pH ${round(ph)} (safe ${phLow}–${phHigh})`,
        })),
      );
    }
    const turbidity = numberIn(reading.metadata, 'turbidity');
    if (turbidity !== null) {
      const levels = WATER_QUALITY_LIMITS.turbidity;
      verdicts.push(
        verdict(ALERT_RULES.turbidity, severityFor(turbidity, levels), (severity) => ({
          title: `Turbid water at ${at}`,
          message: `Turbidity ${round(turbidity)} NTU (${levelName(severity, levels)} NTU)`,
        })),
      );
    }
    return verdicts;
  }
  const levels = SENSOR_THRESHOLDS[type];
  const words = THRESHOLD_WORDS[type];
  if (!levels || !words) return [];
  return [
    verdict(ALERT_RULES.threshold, severityFor(reading.value, levels), (severity) => ({
      title: `${words.title} at ${at}`,
      message: `${words.metric} ${Math.round(reading.value)}${words.unit} (${levelName(severity, levels)}${words.unit})`,
    })),
  ];
}

/** The offline alert's words. */
export function offlineVerdict(sensor: { name: string; location: string }, lastReading: Date) {
  return {
    rule: ALERT_RULES.offline,
    severity: 'warning' as const,
    title: `Sensor offline at ${sensor.location}`,
    message: `${sensor.name} has sent no reading since ${lastReading.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  };
}
