import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { canHandleAlerts } from './policies';

/** An operator or admin, as the assign menu and the comment mentions offer them. */
export const staffMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** What a comment mentions them by (`@username`); null for an account without one. */
    username: z.string().nullable(),
    role: z.enum(['operator', 'admin']),
  })
  .meta({ id: 'StaffMember' });

export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `GET /api/staff`: every active operator and admin, by name. */
export const staffListSchema = z
  .object({ items: z.array(staffMemberSchema) })
  .meta({ id: 'StaffList' });

export type StaffList = z.infer<typeof staffListSchema>;

export const STAFF_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/staff',
    summary:
      'Every active operator and admin: who can take an alert or be mentioned (operator, admin)',
    tags: ['Alerts'],
    access: canHandleAlerts,
    status: 200,
    response: staffListSchema,
    description: 'The operators and admins, by name',
    errors: { 403: 'Only operators and admins see the staff' },
  },
} as const satisfies Record<string, Endpoint>;
