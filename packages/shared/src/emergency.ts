import { z } from 'zod';
import { cityKeySchema } from './cities';

/** Every amount of money is a whole number of paise, in this currency. */
export const CURRENCY = 'INR';
export const currencySchema = z.literal(CURRENCY);

/** The emergency services a person can book. */
export const EMERGENCY_SERVICE_IDS = ['ambulance', 'fire', 'police', 'rescue'] as const;
export const emergencyServiceIdSchema = z
  .enum(EMERGENCY_SERVICE_IDS)
  .meta({ id: 'EmergencyServiceId' });
export type EmergencyServiceId = z.infer<typeof emergencyServiceIdSchema>;

/** How urgent a booking is; the fee's multiplier grows with it. */
export const URGENCIES = ['low', 'medium', 'high', 'critical'] as const;
export const urgencySchema = z.enum(URGENCIES).meta({ id: 'Urgency' });
export type Urgency = z.infer<typeof urgencySchema>;

/** Most urgent first in the dispatch queue: the rank stored with a booking and sorted on. */
export const URGENCY_RANK: Readonly<Record<Urgency, number>> = {
  low: 1,
  medium: 2,
  high: 3,
  critical: 4,
};

export type EmergencyAddOn = { id: string; name: string; feePaise: number };

export type EmergencyServiceFacts = {
  name: string;
  baseFeePaise: number;
  /** The urgency multiplier in hundredths (120 is × 1.2), so the fee rule stays in whole numbers. */
  multiplierPercent: Readonly<Record<Urgency, number>>;
  addOns: readonly EmergencyAddOn[];
};

/** The catalogue of the reference facts: base fees, urgency multipliers and add-ons, in paise. */
export const EMERGENCY_CATALOGUE: Readonly<Record<EmergencyServiceId, EmergencyServiceFacts>> = {
  ambulance: {
    name: 'Ambulance Service',
    baseFeePaise: 15_000,
    multiplierPercent: { low: 100, medium: 120, high: 150, critical: 200 },
    addOns: [
      { id: 'paramedic', name: 'Paramedic', feePaise: 7_500 },
      { id: 'oxygen', name: 'Oxygen', feePaise: 2_500 },
      { id: 'cardiac_monitor', name: 'Cardiac monitor', feePaise: 10_000 },
    ],
  },
  fire: {
    name: 'Fire Department',
    baseFeePaise: 20_000,
    multiplierPercent: { low: 100, medium: 130, high: 160, critical: 220 },
    addOns: [
      { id: 'hazmat', name: 'Hazmat', feePaise: 30_000 },
      { id: 'rescue_team', name: 'Rescue team', feePaise: 15_000 },
      { id: 'ladder_truck', name: 'Ladder truck', feePaise: 10_000 },
    ],
  },
  police: {
    name: 'Police Emergency',
    baseFeePaise: 10_000,
    multiplierPercent: { low: 100, medium: 110, high: 130, critical: 180 },
    addOns: [
      { id: 'swat', name: 'SWAT', feePaise: 50_000 },
      { id: 'k9_unit', name: 'K9 unit', feePaise: 7_500 },
      { id: 'detective', name: 'Detective', feePaise: 12_500 },
    ],
  },
  rescue: {
    name: 'Search & Rescue',
    baseFeePaise: 25_000,
    multiplierPercent: { low: 100, medium: 140, high: 170, critical: 250 },
    addOns: [
      { id: 'helicopter', name: 'Helicopter', feePaise: 100_000 },
      { id: 'diving_team', name: 'Diving team', feePaise: 30_000 },
      { id: 'mountain_team', name: 'Mountain team', feePaise: 40_000 },
    ],
  },
};

/** A remote location adds this share to the fee before tax. */
export const REMOTE_SURCHARGE_PERCENT = 20;

/** GST on the subtotal. */
export const GST_PERCENT = 18;

/** Whether an add-on id belongs to a service. */
export function isAddOnOf(service: EmergencyServiceId, addOn: string): boolean {
  return EMERGENCY_CATALOGUE[service].addOns.some((candidate) => candidate.id === addOn);
}

/** What an emergency number reaches: everything (112, 911), or one service or helpline. */
export const EMERGENCY_NUMBER_KINDS = [
  'all',
  'police',
  'fire',
  'ambulance',
  'women',
  'child',
] as const;
export const emergencyNumberKindSchema = z.enum(EMERGENCY_NUMBER_KINDS);
export type EmergencyNumberKind = z.infer<typeof emergencyNumberKindSchema>;

/** One number to call in a city. */
export const emergencyNumberSchema = z
  .object({
    number: z.string().meta({ example: '112' }),
    kind: emergencyNumberKindSchema,
    /** The one number to call first in a life-threatening emergency (112 in India, 911 in New York). */
    primary: z.boolean(),
  })
  .meta({ id: 'EmergencyNumber' });
export type EmergencyNumber = z.infer<typeof emergencyNumberSchema>;

/** One service of `GET /api/emergency/services`. */
export const emergencyServiceSchema = z
  .object({
    id: emergencyServiceIdSchema,
    name: z.string(),
    baseFeePaise: z.number().int().nonnegative(),
    urgencyMultipliers: z.object({
      low: z.number(),
      medium: z.number(),
      high: z.number(),
      critical: z.number(),
    }),
    addOns: z.array(
      z.object({ id: z.string(), name: z.string(), feePaise: z.number().int().nonnegative() }),
    ),
    currency: currencySchema,
  })
  .meta({ id: 'EmergencyService' });
export type EmergencyService = z.infer<typeof emergencyServiceSchema>;

/** `GET /api/emergency/services?city=`: the catalogue and the city's emergency numbers. */
export const emergencyCatalogueSchema = z
  .object({
    city: cityKeySchema,
    services: z.array(emergencyServiceSchema),
    emergencyNumbers: z.array(emergencyNumberSchema),
    remoteSurchargePercent: z.number(),
    gstPercent: z.number(),
    currency: currencySchema,
  })
  .meta({ id: 'EmergencyCatalogue' });
export type EmergencyCatalogue = z.infer<typeof emergencyCatalogueSchema>;

export const emergencyCatalogueQuerySchema = z.object({ city: cityKeySchema.optional() });

const MAX_ADD_ONS = 10;

/** The service, urgency, add-ons and remote flag: what a fee depends on (a quote's and a booking's fields). */
export const feeInputFields = {
  service: emergencyServiceIdSchema,
  urgency: urgencySchema,
  addOns: z
    .array(z.string().trim().min(1).max(50))
    .max(MAX_ADD_ONS, `must list at most ${MAX_ADD_ONS} add-ons`)
    .default([]),
  remote: z.boolean().default(false),
};

/** Each add-on must be one of the chosen service's, and each may be chosen once. */
export function checkAddOns(
  body: { service: EmergencyServiceId; addOns: string[] },
  ctx: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  body.addOns.forEach((addOn, index) => {
    if (!isAddOnOf(body.service, addOn)) {
      const known = EMERGENCY_CATALOGUE[body.service].addOns.map((a) => a.id).join(', ');
      ctx.addIssue({
        code: 'custom',
        path: ['addOns', index],
        message: `"${addOn}" is not an add-on of ${body.service} (one of: ${known})`,
      });
    } else if (seen.has(addOn)) {
      ctx.addIssue({ code: 'custom', path: ['addOns', index], message: `"${addOn}" is twice` });
    }
    seen.add(addOn);
  });
}

/** `POST /api/emergency/quote` body. */
export const quoteRequestSchema = z
  .object(feeInputFields)
  .superRefine(checkAddOns)
  .meta({ id: 'QuoteRequest' });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** What a line of a quote is for: the service at its urgency, an add-on, or the remote surcharge. */
export const QUOTE_LINE_KINDS = ['service', 'add_on', 'remote'] as const;

/** One line of a fee breakdown; `code` is the service or add-on id, or "remote". */
export const quoteLineSchema = z
  .object({
    kind: z.enum(QUOTE_LINE_KINDS),
    code: z.string(),
    label: z.string(),
    amountPaise: z.number().int().nonnegative(),
  })
  .meta({ id: 'QuoteLine' });
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** The lines, which add up to the subtotal; GST on the subtotal; the total. All in paise. */
export const quoteFields = {
  lines: z.array(quoteLineSchema),
  subtotalPaise: z.number().int().nonnegative(),
  gstPaise: z.number().int().nonnegative(),
  totalPaise: z.number().int().nonnegative(),
  currency: currencySchema,
};

/** `POST /api/emergency/quote` answer. */
export const quoteSchema = z.object(quoteFields).meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;
