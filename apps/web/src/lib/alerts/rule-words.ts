/** The rules the screens name in words (`alarmKpis.rules.*`); any other is named as it is. */
export function ruleWordsKey(rule: string): 'threshold' | 'offline' | 'other' {
  return rule === 'threshold' || rule === 'offline' ? rule : 'other';
}
