import {
  BOOKING_CONTACT_NAME_MAX_LENGTH,
  BOOKING_DESCRIPTION_MAX_LENGTH,
  BOOKING_LOCATION_MAX_LENGTH,
  DEFAULT_PAYMENT_METHOD,
  emergencyServiceIdSchema,
  isBookingPhone,
  paymentMethodSchema,
  urgencySchema,
} from '@smart-city/shared';
import type {
  City,
  CityKey,
  CreateBookingInput,
  EmergencyServiceId,
  Urgency,
} from '@smart-city/shared';
import { z } from 'zod';
import type { enServices } from '../../lib/i18n/en-services';

/** A message of the form: a translation key under emergency.validation. */
export type BookingValidationKey =
  `emergency.validation.${keyof typeof enServices.emergency.validation}`;

const key = (name: keyof typeof enServices.emergency.validation): BookingValidationKey =>
  `emergency.validation.${name}`;

export function isBookingValidationKey(message: string): message is BookingValidationKey {
  return message.startsWith('emergency.validation.');
}

/** What a form offers before anyone chooses: the header's Emergency button books an ambulance. */
export const DEFAULT_SERVICE: EmergencyServiceId = 'ambulance';
export const DEFAULT_URGENCY: Urgency = 'high';

/** The numbers the messages interpolate (written in the page's locale, as every number is). */
export const BOOKING_LIMITS = {
  locationMax: BOOKING_LOCATION_MAX_LENGTH,
  descriptionMax: BOOKING_DESCRIPTION_MAX_LENGTH,
  contactNameMax: BOOKING_CONTACT_NAME_MAX_LENGTH,
};

const optionalNumber = (value: string) => value.trim() === '' || Number.isFinite(Number(value));

/**
 * The booking form, checked by the rules POST /api/emergency/bookings applies (bounds from the
 * contract, coordinates inside the city's bounds when those are known).
 */
export function bookingFormSchema(bounds: City['bounds'] | undefined) {
  return z
    .object({
      service: emergencyServiceIdSchema,
      urgency: urgencySchema,
      addOns: z.array(z.string()),
      remote: z.boolean(),
      location: z
        .string()
        .trim()
        .min(1, key('locationRequired'))
        .max(BOOKING_LOCATION_MAX_LENGTH, key('locationTooLong')),
      lat: z.string().refine(optionalNumber, key('coordinateInvalid')),
      lng: z.string().refine(optionalNumber, key('coordinateInvalid')),
      description: z.string().trim().max(BOOKING_DESCRIPTION_MAX_LENGTH, key('descriptionTooLong')),
      contactName: z
        .string()
        .trim()
        .max(BOOKING_CONTACT_NAME_MAX_LENGTH, key('contactNameTooLong')),
      contactPhone: z
        .string()
        .trim()
        .min(1, key('phoneRequired'))
        .refine((value) => value === '' || isBookingPhone(value), key('phoneInvalid')),
      email: z
        .string()
        .trim()
        .refine((value) => value === '' || z.email().safeParse(value).success, key('emailInvalid')),
      alternateContact: z
        .string()
        .trim()
        .refine((value) => value === '' || isBookingPhone(value), key('phoneInvalid')),
      paymentMethod: paymentMethodSchema,
    })
    .superRefine((values, ctx) => {
      const lat = values.lat.trim();
      const lng = values.lng.trim();
      if ((lat === '') !== (lng === '')) {
        ctx.addIssue({
          code: 'custom',
          path: [lat === '' ? 'lat' : 'lng'],
          message: key('coordinatesTogether'),
        });
        return;
      }
      if (lat === '' || !bounds) return;
      const [latitude, longitude] = [Number(lat), Number(lng)];
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
      if (latitude > bounds.north || latitude < bounds.south)
        ctx.addIssue({ code: 'custom', path: ['lat'], message: key('outsideCity') });
      if (longitude > bounds.east || longitude < bounds.west)
        ctx.addIssue({ code: 'custom', path: ['lng'], message: key('outsideCity') });
    });
}

export type BookingFormValues = z.infer<ReturnType<typeof bookingFormSchema>>;
export type BookingFormField = keyof BookingFormValues;

const FIELDS: readonly BookingFormField[] = [
  'service',
  'urgency',
  'addOns',
  'remote',
  'location',
  'lat',
  'lng',
  'description',
  'contactName',
  'contactPhone',
  'email',
  'alternateContact',
  'paymentMethod',
];

/** The form field a server error names ("addOns.0" is the add-ons), if it is one of the form's. */
export function formFieldOf(path: string): BookingFormField | null {
  const field = path.split('.')[0] ?? '';
  return (FIELDS as readonly string[]).includes(field) ? (field as BookingFormField) : null;
}

/** An empty form for a service and urgency, with the contact details given. */
export function emptyBookingForm(
  service: EmergencyServiceId,
  urgency: Urgency,
  contact: { name?: string; phone?: string; email?: string; location?: string } = {},
): BookingFormValues {
  return {
    service,
    urgency,
    addOns: [],
    remote: false,
    location: contact.location ?? '',
    lat: '',
    lng: '',
    description: '',
    contactName: contact.name ?? '',
    contactPhone: contact.phone ?? '',
    email: contact.email ?? '',
    alternateContact: '',
    paymentMethod: DEFAULT_PAYMENT_METHOD,
  };
}

/** The request body of a checked form for a city: blank optional fields are left out. */
export function bookingBodyOf(values: BookingFormValues, city: CityKey): CreateBookingInput {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const lat = optional(values.lat);
  const lng = optional(values.lng);
  return {
    service: values.service,
    urgency: values.urgency,
    addOns: values.addOns,
    remote: values.remote,
    city,
    location: values.location.trim(),
    ...(lat !== undefined && lng !== undefined ? { lat: Number(lat), lng: Number(lng) } : {}),
    description: optional(values.description),
    contactName: optional(values.contactName),
    contactPhone: values.contactPhone.trim(),
    email: optional(values.email),
    alternateContact: optional(values.alternateContact),
    paymentMethod: values.paymentMethod,
  };
}
