import { signUpSchema } from '@smart-city/shared';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isDemoAccountEmail, isDemoAccountId } from './account.repository';

export const DEMO_ACCOUNT_LOCKED_MESSAGE =
  'This is a shared demo account: its e-mail address, password, two-factor settings and other sessions cannot be changed';

function demoAccountLocked() {
  return new APIError('FORBIDDEN', {
    code: 'DEMO_ACCOUNT_LOCKED',
    message: DEMO_ACCOUNT_LOCKED_MESSAGE,
  });
}

/**
 * Checks the sign-up fields the app adds (names, department), drops any role the body asks for and
 * derives better-auth's required `name` from the names when it is missing.
 */
function prepareSignUp(body: Record<string, unknown>) {
  const parsed = signUpSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.') || '(body)';
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_ERROR',
      message: `Invalid input: ${field} ${issue.message}`,
    });
  }
  const { firstName, lastName, department, name } = parsed.data;
  // better-auth passes the body on by reference, so the endpoint sees these changes.
  delete body.role;
  body.firstName = firstName;
  body.lastName = lastName;
  if (department !== undefined) body.department = department;
  body.name = name ?? `${firstName} ${lastName}`;
}

function changesCredentials(data: unknown): boolean {
  return typeof data === 'object' && data !== null && ('email' in data || 'password' in data);
}

/**
 * Runs before every better-auth endpoint: prepares sign-ups and, since everyone shares the demo
 * accounts, keeps their credentials fixed and their people apart.
 */
export function accountGuards(db: Kysely<Database>) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    switch (ctx.path) {
      case '/sign-up/email':
        prepareSignUp(body);
        return;
      case '/change-email':
      case '/change-password':
      case '/two-factor/enable':
      case '/two-factor/disable':
      case '/revoke-sessions':
      case '/revoke-other-sessions': {
        const session = await getSessionFromCtx(ctx);
        if (session?.user.isDemo === true) throw demoAccountLocked();
        return;
      }
      case '/list-sessions': {
        const session = await getSessionFromCtx(ctx);
        // The other sessions of a demo account are other people, with their addresses.
        if (session?.user.isDemo === true) return ctx.json([session.session]);
        return;
      }
      case '/request-password-reset':
        if (typeof body.email === 'string' && (await isDemoAccountEmail(db, body.email))) {
          throw demoAccountLocked();
        }
        return;
      case '/admin/set-user-password':
      case '/admin/update-user': {
        const touchesCredentials =
          ctx.path === '/admin/set-user-password' || changesCredentials(body.data);
        if (
          touchesCredentials &&
          typeof body.userId === 'string' &&
          (await isDemoAccountId(db, body.userId))
        ) {
          throw demoAccountLocked();
        }
        return;
      }
    }
  });
}
