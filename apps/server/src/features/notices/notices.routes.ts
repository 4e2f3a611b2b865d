import { createRoute, z } from '@hono/zod-openapi';
import {
  canPublishNotices,
  createNoticeSchema,
  noticeListResponseSchema,
  noticeResponseSchema,
  updateNoticeSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { NoticesService } from './notices.service';

const noticeContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: noticeResponseSchema } },
});

const noticeParams = z.object({ id: z.string().min(1).max(100) });

const listNoticesRoute = createRoute({
  method: 'get',
  path: '/notices',
  tags: ['Notices'],
  summary: 'Every city notice, newest first (public)',
  responses: {
    200: {
      description: 'The notices',
      content: { 'application/json': { schema: noticeListResponseSchema } },
    },
  },
});

const getNoticeRoute = createRoute({
  method: 'get',
  path: '/notices/{id}',
  tags: ['Notices'],
  summary: 'One city notice (public)',
  request: { params: noticeParams },
  responses: {
    200: noticeContent('The notice'),
    404: errorContent('No such notice'),
  },
});

const createNoticeRoute = createRoute({
  method: 'post',
  path: '/notices',
  tags: ['Notices'],
  summary: 'Publishes a notice under the signed-in admin’s name and announces it live (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canPublishNotices),
  request: {
    body: { required: true, content: { 'application/json': { schema: createNoticeSchema } } },
  },
  responses: {
    201: noticeContent('The published notice'),
    400: errorContent('A field is invalid; `details` names each one'),
    401: errorContent('Not signed in'),
    403: errorContent('Only admins publish notices'),
  },
});

const updateNoticeRoute = createRoute({
  method: 'patch',
  path: '/notices/{id}',
  tags: ['Notices'],
  summary: 'Changes a notice; a link set to null is removed; recorded in the ledger (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canPublishNotices),
  request: {
    params: noticeParams,
    body: { required: true, content: { 'application/json': { schema: updateNoticeSchema } } },
  },
  responses: {
    200: noticeContent('The changed notice'),
    400: errorContent('A field is invalid; `details` names each one'),
    401: errorContent('Not signed in'),
    403: errorContent('Only admins edit notices'),
    404: errorContent('No such notice'),
  },
});

const deleteNoticeRoute = createRoute({
  method: 'delete',
  path: '/notices/{id}',
  tags: ['Notices'],
  summary: 'Removes a notice; recorded in the ledger (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canPublishNotices),
  request: { params: noticeParams },
  responses: {
    204: { description: 'Removed' },
    401: errorContent('Not signed in'),
    403: errorContent('Only admins remove notices'),
    404: errorContent('No such notice'),
  },
});

export function noticesRoutes(notices: NoticesService) {
  return createRouter()
    .openapi(listNoticesRoute, async (c) => c.json({ data: await notices.list() }, 200))
    .openapi(getNoticeRoute, async (c) =>
      c.json({ data: await notices.get(c.req.valid('param').id) }, 200),
    )
    .openapi(createNoticeRoute, async (c) =>
      c.json({ data: await notices.create(c.req.valid('json'), c.get('user')) }, 201),
    )
    .openapi(updateNoticeRoute, async (c) =>
      c.json(
        { data: await notices.update(c.req.valid('param').id, c.req.valid('json'), c.get('user')) },
        200,
      ),
    )
    .openapi(deleteNoticeRoute, async (c) => {
      await notices.remove(c.req.valid('param').id, c.get('user'));
      return c.body(null, 204);
    });
}
