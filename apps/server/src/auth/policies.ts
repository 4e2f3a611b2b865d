import { ERROR_CODES, NOT_AUTHENTICATED_MESSAGE, type Policy, type Role } from '@smart-city/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors';
import { getCurrentUser, type AuthVariables, type CurrentUser } from './request-auth';

/** The environment of a route behind one of the policies: `c.get('user')` is the signed-in caller. */
export type SignedInEnv = { Variables: AuthVariables & { user: CurrentUser } };

async function signedIn(c: Context<SignedInEnv>): Promise<CurrentUser> {
  const user = await getCurrentUser(c);
  if (!user) throw new HttpError(401, ERROR_CODES.unauthorized, NOT_AUTHENTICATED_MESSAGE);
  c.set('user', user);
  return user;
}

/** Lets signed-in callers through (401 otherwise) and puts them in `c.get('user')`. */
export const requireUser: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  await signedIn(c);
  await next();
};

// Least privileged first, so a refusal reads "the operator or admin role".
const ROLES_BY_PRIVILEGE: readonly Role[] = ['citizen', 'operator', 'admin'];

/** What a caller whose role the policy refuses is told: "… requires the operator or admin role". */
export function refusalOf(policy: Policy): string {
  const roles = ROLES_BY_PRIVILEGE.filter((role) => policy(role));
  return `This action requires the ${roles.join(' or ')} role`;
}

/** Lets through signed-in callers whose role the policy allows: 401 when anonymous, 403 otherwise. */
export function requirePolicy(policy: Policy): MiddlewareHandler<SignedInEnv> {
  const refusal = refusalOf(policy);
  return async (c, next) => {
    const user = await signedIn(c);
    if (!policy(user.role)) throw new HttpError(403, ERROR_CODES.forbidden, refusal);
    await next();
  };
}
