import {
  CURRENCY,
  EMERGENCY_CATALOGUE,
  EMERGENCY_SERVICE_IDS,
  GST_PERCENT,
  REMOTE_SURCHARGE_PERCENT,
  type CityKey,
  type EmergencyCatalogue,
} from '@smart-city/shared';
import { EMERGENCY_NUMBERS } from './emergency-numbers';

/** The catalogue as `GET /api/emergency/services` answers it: every service's fees, in paise, and a city's numbers. */
export function catalogueOf(city: CityKey): EmergencyCatalogue {
  return {
    city,
    services: EMERGENCY_SERVICE_IDS.map((id) => {
      const facts = EMERGENCY_CATALOGUE[id];
      const multiplier = (urgency: keyof typeof facts.multiplierPercent) =>
        facts.multiplierPercent[urgency] / 100;
      return {
        id,
        name: facts.name,
        baseFeePaise: facts.baseFeePaise,
        urgencyMultipliers: {
          low: multiplier('low'),
          medium: multiplier('medium'),
          high: multiplier('high'),
          critical: multiplier('critical'),
        },
        addOns: facts.addOns.map((addOn) => ({ ...addOn })),
        currency: CURRENCY,
      };
    }),
    emergencyNumbers: [...EMERGENCY_NUMBERS[city]],
    remoteSurchargePercent: REMOTE_SURCHARGE_PERCENT,
    gstPercent: GST_PERCENT,
    currency: CURRENCY,
  };
}
