import { createRoute } from '@hono/zod-openapi';
import { alarmKpisQuerySchema, alarmKpisSchema, canHandleAlerts } from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy } from '../../auth/policies';
import { errorContent, jsonContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { AlarmKpisService } from './alarm-kpis.service';

const figuresRoute = createRoute({
  method: 'get',
  path: '/alarm-kpis',
  tags: ['Alerts'],
  summary:
    'Alarm-system figures of a city over the last 24 hours or 7 days, against EEMUA 191 (operators, admins)',
  description:
    'One city’s alert console counts as one operator position. Alerts raised inside a ' +
    'maintenance window are counted apart (`suppressed`) and left out of every other figure. ' +
    '`rate`: announced alerts per 10 minutes, on average over the window and at the busiest ' +
    '10 minutes, against EEMUA 191’s “manageable” (1) and “over-demanding” (10); `floodShare`: the ' +
    'share of the window in which any flood group of the city was flooding; `top`: the 10 most ' +
    'frequent alerts by sensor and rule; `standing`: active alerts, neither shelved nor ' +
    'suppressed, raised more than 24 hours ago; `shelvedNow`; `chattering`: chattering alerts ' +
    'raised in the window. `GET /api/alerts` lists the alerts behind each figure with its ' +
    '`from`, `to`, `raisedBefore`, `chattering`, `grouped`, `sensorId` and `rule` filters.',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canHandleAlerts),
  request: { query: alarmKpisQuerySchema },
  responses: {
    200: jsonContent('The figures', alarmKpisSchema),
    400: errorContent('The city is missing or unknown, or the window is not 24h or 7d'),
    401: errorContent('Not signed in'),
    403: errorContent('Only operators and admins see the alarm KPIs'),
  },
});

export function alarmKpisRoutes(kpis: AlarmKpisService) {
  return createRouter().openapi(figuresRoute, async (c) =>
    c.json(await kpis.figures(c.req.valid('query')), 200),
  );
}
