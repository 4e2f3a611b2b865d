import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { AUTH_ADDRESSES } from './entry-addresses';
import {
  DEPARTMENT_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERMISSIONS,
  PERSON_NAME_MAX_LENGTH,
  ROLES,
  type Role,
} from './roles';

export const roleSchema = z.enum(ROLES).meta({ id: 'Role' });

export const permissionSchema = z.enum(PERMISSIONS).meta({ id: 'Permission' });

/** A person's first or last name as the forms and the profile accept it. */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(PERSON_NAME_MAX_LENGTH, `must be at most ${PERSON_NAME_MAX_LENGTH} characters`);

/** A department name; free text, short. */
export const departmentSchema = z
  .string()
  .trim()
  .max(DEPARTMENT_MAX_LENGTH, `must be at most ${DEPARTMENT_MAX_LENGTH} characters`);

/**
 * The fields `POST /api/auth/sign-up/email` takes beside better-auth's own (`name` is derived from
 * the names when missing; a `role` in the body is ignored: new accounts are citizens).
 */
export const signUpSchema = z
  .object({
    email: z.email('must be an e-mail address'),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
    name: z.string().trim().min(1).max(121).optional(),
    firstName: personNameSchema,
    lastName: personNameSchema,
    username: z
      .string()
      .trim()
      .regex(/^[a-zA-Z0-9_.]{3,30}$/, 'must be 3–30 letters, digits, dots or underscores')
      .optional(),
    department: departmentSchema.optional(),
  })
  .meta({ id: 'SignUp' });

export type SignUp = z.infer<typeof signUpSchema>;

/** A built-in demo account; its password comes from the server's DEMO_PASSWORD. */
export type DemoAccount = {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
};

/** The four demo accounts the server seeds when demo accounts are on. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'admin',
    email: 'admin@smartcity.local',
    firstName: 'Admin',
    lastName: 'User',
    role: 'admin',
  },
  {
    username: 'operator',
    email: 'operator@smartcity.local',
    firstName: 'System',
    lastName: 'Operator',
    role: 'operator',
  },
  {
    username: 'demo',
    email: 'demo@smartcity.local',
    firstName: 'Demo',
    lastName: 'Citizen',
    role: 'citizen',
  },
  {
    username: 'test',
    email: 'test@smartcity.local',
    firstName: 'Test',
    lastName: 'User',
    role: 'citizen',
  },
];

/** `GET /api/auth/demo-accounts`: whether this server offers demo accounts, and which. */
export const demoAccountListSchema = z
  .object({
    enabled: z.boolean(),
    accounts: z.array(
      z.object({
        username: z.string(),
        email: z.email(),
        role: roleSchema,
        /** "Admin User", "System Operator", "Demo Citizen", "Test User". */
        displayName: z.string(),
      }),
    ),
  })
  .meta({ id: 'DemoAccountList' });

export type DemoAccountList = z.infer<typeof demoAccountListSchema>;

/** `POST /api/auth/demo-sign-in`: signs in as a demo account with the server's demo password. */
export const demoSignInSchema = z
  .object({ username: z.string().trim().min(1).max(30) })
  .meta({ id: 'DemoSignIn' });

export type DemoSignIn = z.infer<typeof demoSignInSchema>;

/** The two demo-account endpoints the server adds beside better-auth's. */
export const DEMO_ENDPOINTS = {
  accounts: {
    ...AUTH_ADDRESSES.demoAccounts,
    summary: 'Whether this server offers demo accounts, and which',
    tags: ['Accounts'],
    access: 'public',
    status: 200,
    response: demoAccountListSchema,
    description: 'The demo accounts (none while they are turned off)',
  },
  signIn: {
    ...AUTH_ADDRESSES.demoSignIn,
    summary: 'Signs in as a demo account, with the password the server was given for them',
    notes:
      'Answers exactly like POST /api/auth/sign-in/email: the session cookie and `{ token, user }`.',
    tags: ['Accounts'],
    access: 'public',
    body: demoSignInSchema,
    status: 200,
    description: 'Signed in; the session cookie is set',
    errors: { 404: 'Demo accounts are off, or there is no demo account by that name' },
  },
} as const satisfies Record<string, Endpoint>;

/** The documented default of DEMO_PASSWORD. */
export const DEFAULT_DEMO_PASSWORD = 'smartcity-demo';

/** A demo session lasts a day from sign-in: demo accounts are shared, so none lives on. */
export const DEMO_SESSION_TTL_S = 86_400;

/** Any other session lasts this long, renewed while in use. */
export const SESSION_TTL_S = 7 * 86_400;

/** How long a verifier that fetches the signing keys over HTTP keeps them. */
export const JWKS_CACHE_MAX_AGE_MS = 600_000;

/** The message of every 401 for a request that needs a signed-in user and has none. */
export const NOT_AUTHENTICATED_MESSAGE = 'User not authenticated';

/** The messages a rejected bearer token gets, one per reason. */
export const BEARER_TOKEN_ERRORS = {
  missingExp: 'Missing exp claim',
  expired: 'JWT has expired',
  invalidAlg: 'Invalid alg claim',
  invalidSignature: 'Invalid JWT signature',
} as const;

export type BearerTokenError = (typeof BEARER_TOKEN_ERRORS)[keyof typeof BEARER_TOKEN_ERRORS];
