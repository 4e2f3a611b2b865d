// Plain values only, no zod: a screen that needs a role's permissions or a password's bounds does
// not download the schema library for them.

/** The roles an account can hold; self-registration always gets `citizen`. */
export const ROLES = ['admin', 'operator', 'citizen'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The role every new self-registered account gets ("viewer" in older clients' vocabulary): nobody
 * grants themselves privileges; an admin changes roles.
 */
export const DEFAULT_ROLE: Role = 'citizen';

/** What a role may do across the platform. */
export const PERMISSIONS = ['read', 'write', 'delete', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The permissions each role carries, as the reference facts list them. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ['read', 'write', 'delete', 'admin'],
  operator: ['read', 'write'],
  citizen: ['read'],
};

/** Whether a role carries a permission. */
export function roleHasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether a value is one of the roles. */
export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** Passwords shorter than this are refused at sign-up and reset. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The longest first or last name the forms and the profile accept. */
export const PERSON_NAME_MAX_LENGTH = 60;
/** The longest department name. */
export const DEPARTMENT_MAX_LENGTH = 100;
