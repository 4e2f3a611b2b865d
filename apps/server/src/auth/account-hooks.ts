import {
  DEFAULT_ROLE,
  DEMO_SESSION_TTL_S,
  departmentSchema,
  personNameSchema,
  ROLES,
  roleSchema,
  type Role,
} from '@smart-city/shared';
import type { BetterAuthOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import type { DomainEvents } from '../live/domain-events';
import {
  deleteProfile,
  insertProfile,
  recordLastLogin,
  syncProfileAccess,
} from './account-profile.repository';
import { isDemoAccountId } from './account.repository';

type DatabaseHooks = NonNullable<BetterAuthOptions['databaseHooks']>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function roleOf(value: unknown): Role {
  const parsed = roleSchema.safeParse(value);
  // An unreadable role grants the least.
  return parsed.success ? parsed.data : DEFAULT_ROLE;
}

/**
 * The profile fields of a new account: from a sign-up body, or from the `data` of an admin's
 * create-user. Without names, the display name is split into first and last.
 */
function profileFieldsFrom(
  body: unknown,
  displayName: string,
): { firstName: string | null; lastName: string | null; department: string | null } {
  const sources = [body, isRecord(body) ? body.data : undefined].filter(isRecord);
  function pick(key: string, schema: z.ZodType<string>): string | null {
    for (const source of sources) {
      const parsed = schema.safeParse(source[key]);
      if (parsed.success && parsed.data) return parsed.data;
    }
    return null;
  }
  let firstName = pick('firstName', personNameSchema);
  let lastName = pick('lastName', personNameSchema);
  if (!firstName && !lastName) {
    const [first, ...rest] = displayName.trim().split(/\s+/);
    firstName = first ? first.slice(0, 60) : null;
    lastName = rest.length ? rest.join(' ').slice(0, 60) : null;
  }
  return { firstName, lastName, department: pick('department', departmentSchema) };
}

/** A demo session ends 24 hours after it began, however it is renewed. */
function demoExpiry(createdAt: Date, requested: Date): Date {
  const limit = new Date(new Date(createdAt).getTime() + DEMO_SESSION_TTL_S * 1000);
  return requested < limit ? requested : limit;
}

const DEMO_ACCOUNTS_OFF_MESSAGE = 'Demo accounts are turned off on this server';

/**
 * Keeps the app's profile table in step with better-auth's accounts: a profile per account, the role
 * and ban mirrored, the last sign-in recorded; demo sessions are cut to 24 hours, and refused while
 * demo accounts are turned off (their passwords are public). Ended sessions and bans are announced
 * so the live gateway can close the connections that rode on them.
 */
export function accountHooks(
  db: Kysely<Database>,
  options: { demoAccounts: boolean; events?: Pick<DomainEvents, 'emit'> | undefined },
): DatabaseHooks {
  return {
    user: {
      create: {
        async before(_user, ctx) {
          // Self-registration never grants more than the default role, whatever the body says.
          if (ctx?.path === '/sign-up/email') return { data: { role: DEFAULT_ROLE } };
        },
        async after(user, ctx) {
          await insertProfile(db, {
            id: user.id,
            role: roleOf(user.role),
            ...profileFieldsFrom(ctx?.body, user.name),
          });
        },
      },
      update: {
        async before(data) {
          // better-auth would store "admin,operator" for a list; the platform gives one role each.
          if (data.role !== undefined && !roleSchema.safeParse(data.role).success) {
            throw new APIError('BAD_REQUEST', {
              code: 'INVALID_ROLE',
              message: `The role must be one of ${ROLES.join(', ')}`,
            });
          }
        },
        async after(user) {
          await syncProfileAccess(db, user.id, {
            role: roleOf(user.role),
            isActive: user.banned !== true,
          });
          if (user.banned === true) options.events?.emit('account:suspended', { userId: user.id });
        },
      },
      delete: {
        async after(user) {
          await deleteProfile(db, user.id);
        },
      },
    },
    session: {
      create: {
        async before(session) {
          if (!(await isDemoAccountId(db, session.userId))) return;
          if (!options.demoAccounts) {
            throw new APIError('FORBIDDEN', {
              code: 'DEMO_ACCOUNTS_OFF',
              message: DEMO_ACCOUNTS_OFF_MESSAGE,
            });
          }
          return { data: { expiresAt: demoExpiry(session.createdAt, session.expiresAt) } };
        },
        async after(session) {
          await recordLastLogin(db, session.userId, new Date(session.createdAt));
        },
      },
      update: {
        async before(data, ctx) {
          // Reading a session renews it; a demo session must still end on time.
          const current = ctx?.context.session;
          if (!data.expiresAt || current?.user.isDemo !== true) return;
          return { data: { expiresAt: demoExpiry(current.session.createdAt, data.expiresAt) } };
        },
      },
      delete: {
        async after(session) {
          // Sign-out, revocation and a ban all delete sessions: live connections riding on one end.
          options.events?.emit('session:ended', { userId: session.userId, sessionId: session.id });
        },
      },
    },
  };
}
