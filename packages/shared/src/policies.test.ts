import { describe, expect, it } from 'vitest';
import { ROLES } from './roles';
import {
  canAssignAlerts,
  canAssignOthers,
  canChangeSensors,
  canDiscussAlerts,
  canManageEscalationPolicies,
  canDispatchBookings,
  canHandleAlerts,
  canManageAccounts,
  canManageDeviceKeys,
  canPublishNotices,
  canRegisterSensors,
  canScheduleMaintenance,
  canSendReadings,
  canUseWallScreen,
  canViewBillingOverview,
  type Policy,
} from './policies';

const allowed = (policy: Policy) => ROLES.filter((role) => policy(role));

describe('policies', () => {
  it('let operators and admins do operations work', () => {
    for (const policy of [
      canHandleAlerts,
      canChangeSensors,
      canSendReadings,
      canDispatchBookings,
      canDiscussAlerts,
      canAssignAlerts,
      canUseWallScreen,
    ])
      expect(allowed(policy), policy.name).toEqual(['admin', 'operator']);
  });

  it('keep notices, sensor registration, device keys and roles to admins', () => {
    for (const policy of [
      canPublishNotices,
      canManageAccounts,
      canManageDeviceKeys,
      canViewBillingOverview,
      canManageEscalationPolicies,
      canAssignOthers,
      canRegisterSensors,
      canScheduleMaintenance,
    ])
      expect(allowed(policy), policy.name).toEqual(['admin']);
  });
});
