import {
  CURRENCY,
  EMERGENCY_CATALOGUE,
  GST_PERCENT,
  REMOTE_SURCHARGE_PERCENT,
  type EmergencyServiceId,
  type Quote,
  type QuoteLine,
  type Urgency,
} from '@smart-city/shared';

/** numerator / denominator rounded half up, for non-negative whole numbers. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

function multiplierText(percent: number): string {
  return (percent / 100).toFixed(1);
}

/** GST on a subtotal, rounded half up to the paisa. */
function gstOn(subtotalPaise: number): number {
  return roundHalfUp(subtotalPaise * GST_PERCENT, 100);
}

/**
 * The fee of a booking, in paise: (base × urgency multiplier + the add-ons), × 1.20 when remote,
 * is the subtotal, rounded half up once; GST is 18 % of it, rounded half up; the total is their
 * sum. Lines list the service, each add-on (in catalogue order) and the surcharge, and add up to
 * the subtotal. Add-ons must belong to the service (the request schemas check that).
 */
export function quoteFee(input: {
  service: EmergencyServiceId;
  urgency: Urgency;
  addOns: readonly string[];
  remote: boolean;
}): Quote {
  const facts = EMERGENCY_CATALOGUE[input.service];
  const multiplier = facts.multiplierPercent[input.urgency];
  // In hundredths of a paisa, so the multiplier never leaves whole numbers.
  const serviceHundredths = facts.baseFeePaise * multiplier;
  const serviceLine: QuoteLine = {
    kind: 'service',
    code: input.service,
    label: `${facts.name} (${input.urgency} urgency, × ${multiplierText(multiplier)})`,
    amountPaise: roundHalfUp(serviceHundredths, 100),
  };
  const addOnLines: QuoteLine[] = facts.addOns
    .filter((addOn) => input.addOns.includes(addOn.id))
    .map((addOn) => ({
      kind: 'add_on',
      code: addOn.id,
      label: addOn.name,
      amountPaise: addOn.feePaise,
    }));
  const addOnsPaise = addOnLines.reduce((sum, line) => sum + line.amountPaise, 0);
  const beforeSurchargeHundredths = serviceHundredths + addOnsPaise * 100;
  const subtotalPaise = input.remote
    ? roundHalfUp(beforeSurchargeHundredths * (100 + REMOTE_SURCHARGE_PERCENT), 100 * 100)
    : roundHalfUp(beforeSurchargeHundredths, 100);
  const lines = [serviceLine, ...addOnLines];
  if (input.remote) {
    lines.push({
      kind: 'remote',
      code: 'remote',
      label: `Remote location surcharge (${REMOTE_SURCHARGE_PERCENT} %)`,
      // Whatever the rounding, the lines add up to the subtotal.
      amountPaise: subtotalPaise - serviceLine.amountPaise - addOnsPaise,
    });
  }
  const gstPaise = gstOn(subtotalPaise);
  return {
    lines,
    subtotalPaise,
    gstPaise,
    totalPaise: subtotalPaise + gstPaise,
    currency: CURRENCY,
  };
}

/** What a booking cancelled after dispatch costs: the service's base fee and GST on it. */
export function cancellationFee(service: EmergencyServiceId): number {
  const base = EMERGENCY_CATALOGUE[service].baseFeePaise;
  return base + gstOn(base);
}
