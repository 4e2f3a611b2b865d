import { createRoute, z } from '@hono/zod-openapi';
import {
  alertCommentCreateSchema,
  alertCommentListQuerySchema,
  alertCommentListSchema,
  alertCommentSchema,
  canDiscussAlerts,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy } from '../../auth/policies';
import { errorContent, jsonContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { AlertCommentsService } from './alert-comments.service';

const params = z.object({ id: z.string().min(1).max(100) });
const staffOnly = requirePolicy(canDiscussAlerts);

const listRoute = createRoute({
  method: 'get',
  path: '/alerts/{id}/comments',
  tags: ['Alerts'],
  summary: "An alert's comment thread, oldest first (operator, admin)",
  security: SIGNED_IN_SECURITY,
  middleware: staffOnly,
  request: { params, query: alertCommentListQuerySchema },
  responses: {
    200: jsonContent('A page of comments', alertCommentListSchema),
    400: errorContent('The limit or cursor is invalid'),
    401: errorContent('Not signed in'),
    403: errorContent('Citizens do not read the operations thread'),
    404: errorContent('No such alert'),
  },
});

const postRoute = createRoute({
  method: 'post',
  path: '/alerts/{id}/comments',
  tags: ['Alerts'],
  summary: 'Comments on an alert; each @username mentioned is notified (operator, admin)',
  security: SIGNED_IN_SECURITY,
  middleware: staffOnly,
  request: {
    params,
    body: { required: true, content: { 'application/json': { schema: alertCommentCreateSchema } } },
  },
  responses: {
    201: jsonContent('The comment', alertCommentSchema),
    400: errorContent('The body is empty or longer than 2,000 characters'),
    401: errorContent('Not signed in'),
    403: errorContent('Citizens do not write in the operations thread'),
    404: errorContent('No such alert'),
  },
});

export function alertCommentsRoutes(comments: AlertCommentsService) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await comments.list(c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .openapi(postRoute, async (c) =>
      c.json(
        await comments.post(c.req.valid('param').id, c.req.valid('json').body, c.get('user')),
        201,
      ),
    );
}
