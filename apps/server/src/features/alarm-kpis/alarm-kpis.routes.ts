import { ALARM_KPI_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { AlarmKpisService } from './alarm-kpis.service';

export function alarmKpisRoutes(kpis: AlarmKpisService) {
  return createRouter().openapi(routeOf(ALARM_KPI_ENDPOINTS.figures), async (c) =>
    c.json(await kpis.figures(c.req.valid('query')), 200),
  );
}
