import type { Endpoint } from './endpoints';
import { PROFILE_ADDRESSES } from './entry-addresses';
import { preferencesSchema, updatePreferencesSchema } from './preferences';
import { profileUpdateSchema, userProfileSchema } from './profile';

const NO_PROFILE = { 404: 'The account has no profile' } as const;

/** The signed-in person: their profile and their preferences. */
export const PROFILE_ENDPOINTS = {
  get: {
    ...PROFILE_ADDRESSES.get,
    summary: 'The signed-in person, as the app shows them',
    tags: ['Profile'],
    access: 'signed-in',
    status: 200,
    response: userProfileSchema,
    description: 'The profile',
    errors: {
      401: 'Not signed in: "User not authenticated", or why a bearer token was refused',
      ...NO_PROFILE,
    },
  },
  update: {
    ...PROFILE_ADDRESSES.update,
    summary: 'Changes names, department, phone, avatar or home area of the signed-in person',
    tags: ['Profile'],
    access: 'signed-in',
    body: profileUpdateSchema,
    status: 200,
    response: userProfileSchema,
    description: 'The updated profile',
    errors: {
      400: 'A field is invalid or not changeable here',
      401: 'Not signed in: "User not authenticated", or why a bearer token was refused',
      ...NO_PROFILE,
    },
  },
  preferences: {
    method: 'get',
    path: '/api/profile/preferences',
    summary: "The signed-in person's notification switches and language",
    tags: ['Profile'],
    access: 'signed-in',
    status: 200,
    response: preferencesSchema,
    description: 'The preferences, defaults filled in',
    errors: NO_PROFILE,
  },
  updatePreferences: {
    method: 'patch',
    path: '/api/profile/preferences',
    summary: 'Changes some notification switches or the language of the signed-in person',
    tags: ['Profile'],
    access: 'signed-in',
    body: updatePreferencesSchema,
    status: 200,
    response: preferencesSchema,
    description: 'All the preferences after the change',
    errors: {
      400: 'An unknown switch, a value that is not true or false, or an unknown language',
      ...NO_PROFILE,
    },
  },
} as const satisfies Record<string, Endpoint>;
