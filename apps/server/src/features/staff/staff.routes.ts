import { STAFF_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { StaffService } from './staff.service';

export function staffRoutes(staff: StaffService) {
  return createRouter().openapi(routeOf(STAFF_ENDPOINTS.list), async (c) =>
    c.json({ items: await staff.list() }, 200),
  );
}
