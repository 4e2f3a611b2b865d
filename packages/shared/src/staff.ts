import { z } from 'zod';

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
