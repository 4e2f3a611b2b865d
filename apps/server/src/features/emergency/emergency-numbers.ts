import type { CityKey, EmergencyNumber } from '@smart-city/shared';

const INDIA: readonly EmergencyNumber[] = [
  { number: '112', kind: 'all', primary: true },
  { number: '100', kind: 'police', primary: false },
  { number: '101', kind: 'fire', primary: false },
  { number: '102', kind: 'ambulance', primary: false },
  { number: '108', kind: 'ambulance', primary: false },
  { number: '1091', kind: 'women', primary: false },
  { number: '1098', kind: 'child', primary: false },
];

/** The numbers to call in each city, the one for every emergency first (reference facts). */
export const EMERGENCY_NUMBERS: Readonly<Record<CityKey, readonly EmergencyNumber[]>> = {
  kolkata: INDIA,
  kharagpur: INDIA,
  'new-york': [{ number: '911', kind: 'all', primary: true }],
};
