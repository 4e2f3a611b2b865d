import { PERMISSIONS, ROLE_PERMISSIONS } from '@smart-city/shared';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';

/**
 * better-auth's own statements (who may list, ban or re-role accounts) plus the platform's
 * permissions, so one table answers both kinds of question.
 */
export const accessControl = createAccessControl({ ...defaultStatements, platform: PERMISSIONS });

/** Exactly the platform's three roles: only admin manages accounts; the others only use the platform. */
export const accessRoles = {
  admin: accessControl.newRole({ ...adminAc.statements, platform: ROLE_PERMISSIONS.admin }),
  operator: accessControl.newRole({ platform: ROLE_PERMISSIONS.operator }),
  citizen: accessControl.newRole({ platform: ROLE_PERMISSIONS.citizen }),
};
