import { roleHasPermission, type Role } from './roles';

/**
 * Who may do what, asked of the caller's role. The server guards its endpoints with these and the
 * web app hides what a role may not use, so the two never disagree. Each rule rests on the
 * permissions of the reference facts.
 */
export type Policy = (role: Role) => boolean;

/** Acknowledging, resolving and dismissing alerts is operations work. */
export function canHandleAlerts(role: Role): boolean {
  return roleHasPermission(role, 'write');
}

/** Publishing, editing and removing notices speaks for the whole city. */
export function canPublishNotices(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** Changing a sensor's status or metadata (maintenance, a note) is operations work. */
export function canChangeSensors(role: Role): boolean {
  return roleHasPermission(role, 'write');
}

/** Adding sensors to a city's registry changes what every screen of the city counts and shows. */
export function canRegisterSensors(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** Device keys let machines write readings, so only an administrator hands them out. */
export function canManageDeviceKeys(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** Who has which role decides who may do everything else, so only an administrator changes roles. */
export function canManageAccounts(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** Sending readings as a person (a session or token, not a device key) is operations work. */
export function canSendReadings(role: Role): boolean {
  return roleHasPermission(role, 'write');
}

/** Civic contracts are the city's commitments: only an administrator publishes or changes them. */
export function canManageContracts(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** Feedback on a contract is the residents' voice, so it is given by citizen accounts. */
export function canGiveContractFeedback(role: Role): boolean {
  return role === 'citizen';
}

/** Confirming, dispatching, starting, completing and cancelling anyone's booking is operations work. */
export function canDispatchBookings(role: Role): boolean {
  return roleHasPermission(role, 'write');
}

/** The month's revenue and the accounts charged most concern the administration only. */
export function canViewBillingOverview(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** Escalation policies decide who is woken for which alert, so only an administrator sets them. */
export function canManageEscalationPolicies(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** A maintenance window silences a city's alerts for up to a month, so only an administrator sets one. */
export function canScheduleMaintenance(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** An alert's comment thread is operations' working notes: operators and admins read and write it. */
export function canDiscussAlerts(role: Role): boolean {
  return roleHasPermission(role, 'write');
}

/** Taking an alert is operations work; handing one to someone else is an administrator's. */
export function canAssignAlerts(role: Role): boolean {
  return roleHasPermission(role, 'write');
}

/** Assigning an alert to another person (not oneself) is an administrator's. */
export function canAssignOthers(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** The wall screen is a control room's view: it shows operators and admins the whole city at once. */
export function canUseWallScreen(role: Role): boolean {
  return roleHasPermission(role, 'write');
}

/** Whether a person's profile carries the staff fields (department): operators and admins. */
export function hasStaffProfile(role: Role): boolean {
  return roleHasPermission(role, 'write');
}

/** What the readings take on disk and how long they are kept is the operator of the platform's concern. */
export function canSeeStorage(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}

/** Operators and admins triage citizens' reports: assign, move on, merge duplicates. */
export function canTriageReports(role: Role): boolean {
  return roleHasPermission(role, 'write');
}

/** Admins set each category's department and deadline per city. */
export function canManageReportCategories(role: Role): boolean {
  return roleHasPermission(role, 'admin');
}
