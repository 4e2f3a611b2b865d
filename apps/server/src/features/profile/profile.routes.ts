import { createRoute } from '@hono/zod-openapi';
import {
  ERROR_CODES,
  preferencesSchema,
  profileUpdateSchema,
  updatePreferencesSchema,
  userProfileSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requireUser } from '../../auth/policies';
import { errorContent, HttpError } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { PreferencesService } from './preferences.service';
import type { ProfileService } from './profile.service';

const profileContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: userProfileSchema } },
});

const getProfileRoute = createRoute({
  method: 'get',
  path: '/profile',
  tags: ['Profile'],
  summary: 'The signed-in person, as the app shows them',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  responses: {
    200: profileContent('The profile'),
    401: errorContent('Not signed in: "User not authenticated", or why a bearer token was refused'),
    404: errorContent('The account has no profile'),
  },
});

const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/profile',
  tags: ['Profile'],
  summary: 'Changes names, department, phone, avatar or home area of the signed-in person',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: {
    body: { required: true, content: { 'application/json': { schema: profileUpdateSchema } } },
  },
  responses: {
    200: profileContent('The updated profile'),
    400: errorContent('A field is invalid or not changeable here'),
    401: errorContent('Not signed in: "User not authenticated", or why a bearer token was refused'),
    404: errorContent('The account has no profile'),
  },
});

const preferencesContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: preferencesSchema } },
});

const getPreferencesRoute = createRoute({
  method: 'get',
  path: '/profile/preferences',
  tags: ['Profile'],
  summary: "The signed-in person's notification switches and language",
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  responses: {
    200: preferencesContent('The preferences, defaults filled in'),
    401: errorContent('Not signed in'),
    404: errorContent('The account has no profile'),
  },
});

const updatePreferencesRoute = createRoute({
  method: 'patch',
  path: '/profile/preferences',
  tags: ['Profile'],
  summary: 'Changes some notification switches or the language of the signed-in person',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: {
    body: { required: true, content: { 'application/json': { schema: updatePreferencesSchema } } },
  },
  responses: {
    200: preferencesContent('All the preferences after the change'),
    400: errorContent(
      'An unknown switch, a value that is not true or false, or an unknown language',
    ),
    401: errorContent('Not signed in'),
    404: errorContent('The account has no profile'),
  },
});

function profileNotFound(): never {
  throw new HttpError(404, ERROR_CODES.notFound, 'Profile not found');
}

export function profileRoutes(profiles: ProfileService, preferences: PreferencesService) {
  return createRouter()
    .openapi(getProfileRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      const profile = (await profiles.get(c.get('user').id)) ?? profileNotFound();
      return c.json(profile, 200);
    })
    .openapi(updateProfileRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      const update = c.req.valid('json');
      const profile = (await profiles.update(c.get('user').id, update)) ?? profileNotFound();
      return c.json(profile, 200);
    })
    .openapi(getPreferencesRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json((await preferences.get(c.get('user').id)) ?? profileNotFound(), 200);
    })
    .openapi(updatePreferencesRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      const update = c.req.valid('json');
      return c.json((await preferences.update(c.get('user').id, update)) ?? profileNotFound(), 200);
    });
}
