import { ERROR_CODES, PROFILE_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { HttpError } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { PreferencesService } from './preferences.service';
import type { ProfileService } from './profile.service';

function profileNotFound(): never {
  throw new HttpError(404, ERROR_CODES.notFound, 'Profile not found');
}

export function profileRoutes(profiles: ProfileService, preferences: PreferencesService) {
  return createRouter()
    .openapi(routeOf(PROFILE_ENDPOINTS.get), async (c) => {
      c.header('Cache-Control', 'no-store');
      const profile = (await profiles.get(c.get('user').id)) ?? profileNotFound();
      return c.json(profile, 200);
    })
    .openapi(routeOf(PROFILE_ENDPOINTS.update), async (c) => {
      c.header('Cache-Control', 'no-store');
      const update = c.req.valid('json');
      const profile = (await profiles.update(c.get('user').id, update)) ?? profileNotFound();
      return c.json(profile, 200);
    })
    .openapi(routeOf(PROFILE_ENDPOINTS.preferences), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json((await preferences.get(c.get('user').id)) ?? profileNotFound(), 200);
    })
    .openapi(routeOf(PROFILE_ENDPOINTS.updatePreferences), async (c) => {
      c.header('Cache-Control', 'no-store');
      const update = c.req.valid('json');
      return c.json((await preferences.update(c.get('user').id, update)) ?? profileNotFound(), 200);
    });
}
