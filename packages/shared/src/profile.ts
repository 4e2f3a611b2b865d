import { z } from 'zod';
import { areaKeySchema } from './areas';
import { departmentSchema, personNameSchema, roleSchema } from './auth';

/** The signed-in person as the app shows them: `GET /api/profile` and `PATCH /api/profile`. */
export const userProfileSchema = z
  .object({
    id: z.string(),
    email: z.email(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: roleSchema,
    department: z.string().nullable(),
    phone: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    isActive: z.boolean(),
    /** When the person last signed in; null before the first sign-in. */
    lastLogin: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    /** True for the built-in demo accounts, whose e-mail and password cannot change. */
    isDemoUser: z.boolean(),
    /** The area of a city the person calls home (`CITY_AREAS`), for what affects them; null if unset. */
    area: areaKeySchema.nullable(),
  })
  .meta({ id: 'UserProfile' });

export type UserProfile = z.infer<typeof userProfileSchema>;

/** A phone number: digits with optional +, spaces, dots, dashes and brackets; 7 to 20 characters. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ().-]{5,18}[0-9]$/, 'must be a phone number such as +91 98765 43210');

/** An avatar picture address: http or https only. */
export const avatarUrlSchema = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .max(2048, 'must be at most 2048 characters');

/** `PATCH /api/profile`: any of these fields; null clears an optional one. Other fields are refused. */
export const profileUpdateSchema = z
  .strictObject({
    firstName: personNameSchema.optional(),
    lastName: personNameSchema.optional(),
    department: departmentSchema.nullable().optional(),
    phone: phoneSchema.nullable().optional(),
    avatarUrl: avatarUrlSchema.nullable().optional(),
    /** Any city's area key; null clears it. */
    area: areaKeySchema.nullable().optional(),
  })
  .meta({ id: 'ProfileUpdate' });

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
