import type { City } from '@smart-city/shared';

/** The city's brand gradient as a CSS background (from, via, to). */
export function cityGradient(theme: City['theme'], angleDeg = 135): string {
  return `linear-gradient(${angleDeg}deg, ${theme.gradientFrom}, ${theme.gradientVia}, ${theme.gradientTo})`;
}
