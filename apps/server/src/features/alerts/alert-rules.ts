import {
  ALARM_RULE_TUNING,
  alertText,
  SENSOR_THRESHOLDS,
  sensorTypeSchema,
  severityFor,
  WATER_QUALITY_LIMITS,
  type AlertFacts,
  type AlertSeverity,
  type SensorType,
  type ThresholdLevels,
  type ThresholdSensorType,
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

/**
 * The sensor facts a rule needs (its metadata only where a rule reads it: energy feeders); its id
 * and name, where known, go into the facts of its alerts.
 */
export type RuleSensor = {
  id?: string;
  name?: string;
  type: string;
  location: string;
  metadata: Record<string, unknown> | null;
};

/**
 * What one rule says about one reading: in range (severity null), or out of it with the alert's
 * facts and their English record (title and message). Most readings are in range, so only the
 * others are gathered into facts. An in-range reading is `clear` when it is past the limit by the
 * rule's deadband too (ALARM_RULE_TUNING): only such a reading ends an alert's time out of range;
 * one inside the deadband changes nothing.
 */
export type RuleVerdict =
  | { rule: string; severity: null; clear: boolean }
  | { rule: string; severity: AlertSeverity; facts: AlertFacts; title: string; message: string };

/** The level a severity stands for: the warning level for info, which has none of its own. */
function levelOf(severity: AlertSeverity | null, levels: ThresholdLevels): number | null {
  if (!severity) return null;
  return severity === 'info' ? levels.warning : levels[severity];
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function numberIn(
  metadata: Record<string, unknown> | null | undefined,
  key: string,
): number | null {
  const v = metadata?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

const THRESHOLD_TYPES: readonly SensorType[] = ['traffic', 'air_quality', 'waste'];

/**
 * A rule's verdict; out of range, with its facts (which every reader is given in their own
 * language) and their English record, gathered only then.
 */
function verdictOf(
  rule: string,
  severity: AlertSeverity | null,
  clear: boolean,
  facts: (severity: AlertSeverity) => AlertFacts,
): RuleVerdict {
  if (severity === null) return { rule, severity, clear };
  const found = facts(severity);
  return { rule, severity, facts: found, ...alertText(found) };
}

/** The sensor as its alerts' facts name it. */
function factsOfSensor(sensor: RuleSensor) {
  return {
    sensorId: sensor.id ?? null,
    sensorName: sensor.name ?? null,
    location: sensor.location,
  };
}

/** Whether a value is below a rule's lowest level by its deadband at least. */
function belowBy(value: number, levels: ThresholdLevels, deadband: number): boolean {
  return value < levels.warning - deadband;
}

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
  const named = factsOfSensor(sensor);
  if (type === 'energy') {
    const levels = SENSOR_THRESHOLDS.energy!;
    const ratedMw = numberIn(sensor.metadata, 'ratedMw');
    if (!ratedMw || ratedMw <= 0) return [];
    const percent = (reading.value / ratedMw) * 100;
    const clear = belowBy(percent, levels, ALARM_RULE_TUNING.energy.deadband);
    return [
      verdictOf(ALERT_RULES.threshold, severityFor(percent, levels), clear, (severity) => ({
        kind: 'energy',
        ...named,
        sensorType: 'energy',
        value: round(reading.value),
        unit: 'MW',
        percent: Math.round(percent),
        ratedMw,
        severity,
        level: levelOf(severity, levels)!,
      })),
    ];
  }
  if (type === 'water') {
    const verdicts: RuleVerdict[] = [];
    const ph = numberIn(reading.metadata, 'ph');
    if (ph !== null) {
      const { phLow, phHigh } = WATER_QUALITY_LIMITS;
      // Two-sided: back in range only inside the band narrowed by the deadband on both sides.
      const deadband = ALARM_RULE_TUNING['water-ph'].deadband;
      const clear = ph >= phLow + deadband && ph <= phHigh - deadband;
      verdicts.push(
        verdictOf(
          ALERT_RULES.ph,
          ph < phLow || ph > phHigh ? 'warning' : null,
          clear,
          (severity) => ({
            kind: 'water-ph',
            ...named,
            sensorType: 'water',
            value: round(ph),
            unit: 'pH',
            low: phLow,
            high: phHigh,
            severity,
          }),
        ),
      );
    }
    const turbidity = numberIn(reading.metadata, 'turbidity');
    if (turbidity !== null) {
      const levels = WATER_QUALITY_LIMITS.turbidity;
      const clear = belowBy(turbidity, levels, ALARM_RULE_TUNING['water-turbidity'].deadband);
      verdicts.push(
        verdictOf(ALERT_RULES.turbidity, severityFor(turbidity, levels), clear, (severity) => ({
          kind: 'water-turbidity',
          ...named,
          sensorType: 'water',
          value: round(turbidity),
          unit: 'NTU',
          severity,
          level: levelOf(severity, levels)!,
        })),
      );
    }
    return verdicts;
  }
  const levels = SENSOR_THRESHOLDS[type];
  if (!levels || !THRESHOLD_TYPES.includes(type)) return [];
  const deadband = ALARM_RULE_TUNING[type as ThresholdSensorType].deadband;
  return [
    verdictOf(
      ALERT_RULES.threshold,
      severityFor(reading.value, levels),
      belowBy(reading.value, levels, deadband),
      (severity) => ({
        kind: 'threshold',
        ...named,
        sensorType: type as ThresholdSensorType,
        value: Math.round(reading.value),
        unit: type === 'air_quality' ? 'AQI' : '%',
        severity,
        level: levelOf(severity, levels)!,
      }),
    ),
  ];
}

/** The offline alert's facts and their English record. */
export function offlineVerdict(
  sensor: { id?: string; name: string; type?: string; location: string },
  lastReading: Date,
) {
  const since = new Date(lastReading);
  since.setUTCSeconds(0, 0);
  const facts: AlertFacts = {
    kind: 'offline',
    sensorId: sensor.id ?? null,
    sensorName: sensor.name,
    location: sensor.location,
    sensorType: sensorTypeSchema.safeParse(sensor.type).data ?? null,
    since: since.toISOString(),
    severity: 'warning',
  };
  return { rule: ALERT_RULES.offline, severity: 'warning' as const, facts, ...alertText(facts) };
}
