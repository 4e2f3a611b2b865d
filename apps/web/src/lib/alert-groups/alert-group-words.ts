import type { AlertGroup } from '@smart-city/shared';
import type { TFunction } from 'i18next';

/**
 * What a flood group is, in the reader's language, from its facts: "412 air quality sensors over
 * their limits", "1,000 waste sensors silent". The count is every alert that joined it; i18next
 * writes it in the reader's locale and picks the plural form.
 */
export function alertGroupWords(
  group: Pick<AlertGroup, 'sensorType' | 'rule' | 'members'>,
  t: TFunction,
  locale: string,
): string {
  const kind = group.rule === 'offline' ? 'silent' : 'overLimits';
  if (group.sensorType === null) {
    return t(`alertText.group.${kind}Any`, { count: group.members });
  }
  // Inside a sentence the type's name is a plain word ("air quality"), not a heading.
  const type = t(`sensorTypes.${group.sensorType}`).toLocaleLowerCase(locale);
  return t(`alertText.group.${kind}`, { count: group.members, type });
}
