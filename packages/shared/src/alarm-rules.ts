import type { SensorType } from './sensor-kinds';

/**
 * The kinds of rule an alert can come from that judge a value against limits, each with its own
 * tuning: the threshold rule of a sensor type (energy as a percentage of the feeder's rated load) and
 * the two water-quality rules.
 */
export const ALARM_RULE_KINDS = [
  'traffic',
  'air_quality',
  'waste',
  'energy',
  'water-ph',
  'water-turbidity',
] as const;
export type AlarmRuleKind = (typeof ALARM_RULE_KINDS)[number];

/**
 * How a rule is kept from chattering and from fleeting alarms (ISA-18.2, EEMUA 191):
 * - `deadband`: once an alert is active, a reading counts as back in range only when it has gone
 *   past the limit by this much, in the unit the rule judges (`unit`);
 * - `onDelayS`: a value past the limit raises an alert only once it has stayed there this many
 *   seconds, by the readings' own times.
 */
export type AlarmRuleTuning = { deadband: number; onDelayS: number; unit: string };

/**
 * The tuning of each rule kind. The simulator and most devices report every 5–60 s, so an on-delay
 * spans a few readings at least; a deadband is a little more than the noise of a steady value.
 */
export const ALARM_RULE_TUNING: Readonly<Record<AlarmRuleKind, AlarmRuleTuning>> = {
  // Congestion flickers with every signal cycle and every bus at a stop: a jam worth an operator's
  // time lasts minutes, so five of them, and it is over once it has eased by 5 points.
  traffic: { deadband: 5, onDelayS: 300, unit: '%' },
  // The AQI is itself an average, but a passing lorry or a bonfire next to a station lifts it for a
  // few minutes: three minutes past a band, and 10 AQI below it (about the spread of low-cost
  // sensors) to count as clean again.
  air_quality: { deadband: 10, onDelayS: 180, unit: 'AQI' },
  // A bin's fill level does not flicker, it only rises until the bin is emptied: one minute is
  // enough to ride over a misread of the level sensor (a bag held over it), and 3 points of fill
  // keep an alert from ending on the echo's jitter.
  waste: { deadband: 3, onDelayS: 60, unit: '%' },
  // A feeder's load jumps for seconds when motors and pumps start; what harms it is a load held
  // past its rating for a minute or more. 2 % of the rated load is above the meters' noise.
  energy: { deadband: 2, onDelayS: 60, unit: '%' },
  // Dosing takes a couple of minutes to mix in, and a pH probe reads to about ±0.1: two minutes
  // outside the band, and 0.1 inside it (on either side) to count as back in range.
  'water-ph': { deadband: 0.1, onDelayS: 120, unit: 'pH' },
  // Air bubbles and a pump starting stir up sediment for a minute or two: turbidity must stay up
  // three minutes, and fall 0.5 NTU below the limit to count as clear again.
  'water-turbidity': { deadband: 0.5, onDelayS: 180, unit: 'NTU' },
};

/** The tuning of a rule of a sensor of this type (`rule` as alerts carry it), or null when none. */
export function alarmRuleTuningFor(type: SensorType, rule: string): AlarmRuleTuning | null {
  if (rule === 'water-ph') return ALARM_RULE_TUNING['water-ph'];
  if (rule === 'water-turbidity') return ALARM_RULE_TUNING['water-turbidity'];
  if (rule !== 'threshold') return null;
  return (ALARM_RULE_KINDS as readonly string[]).includes(type)
    ? ALARM_RULE_TUNING[type as AlarmRuleKind]
    : null;
}
