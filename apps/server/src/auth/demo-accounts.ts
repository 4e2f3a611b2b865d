import { DEMO_ACCOUNTS } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import { deleteDemoSessions } from './account.repository';
import type { Auth } from './auth';

/**
 * Creates the demo accounts that are missing and brings the others back to their role, demo flag and
 * the configured password. Running it again changes nothing; returns the addresses it touched.
 */
export async function seedDemoAccounts(auth: Auth, password: string): Promise<string[]> {
  const ctx = await auth.$context;
  const touched: string[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const existing = await ctx.internalAdapter.findUserByEmail(demo.email, {
      includeAccounts: true,
    });
    if (!existing) {
      await auth.api.createUser({
        body: {
          email: demo.email,
          password,
          name: `${demo.firstName} ${demo.lastName}`,
          role: demo.role,
          data: {
            username: demo.username,
            firstName: demo.firstName,
            lastName: demo.lastName,
            isDemo: true,
            emailVerified: true,
          },
        },
      });
      touched.push(demo.email);
      continue;
    }

    const { accounts } = existing;
    // The adapter's type knows only better-auth's core fields; the row holds the plugins' too.
    const user = existing.user as typeof existing.user & { role?: string | null; isDemo?: boolean };
    let changed = false;
    if (user.role !== demo.role || user.isDemo !== true) {
      await ctx.internalAdapter.updateUser(user.id, { role: demo.role, isDemo: true });
      changed = true;
    }
    const hash = accounts.find((a) => a.providerId === 'credential')?.password;
    // Verifying costs as much as hashing, but leaves the row alone when DEMO_PASSWORD is unchanged.
    if (!hash || !(await ctx.password.verify({ hash, password }))) {
      const newHash = await ctx.password.hash(password);
      if (hash) await ctx.internalAdapter.updatePassword(user.id, newHash);
      else
        await ctx.internalAdapter.linkAccount({
          userId: user.id,
          providerId: 'credential',
          accountId: user.id,
          password: newHash,
        });
      changed = true;
    }
    if (changed) touched.push(demo.email);
  }
  return touched;
}

/** Seeds the demo accounts when they are on; when they are off, ends their sessions left from before. */
export async function prepareDemoAccounts(
  deps: { auth: Auth; db: Kysely<Database>; logger: Logger },
  setting: { enabled: boolean; password: string },
): Promise<void> {
  if (setting.enabled) {
    const seeded = await seedDemoAccounts(deps.auth, setting.password);
    if (seeded.length > 0) deps.logger.info({ accounts: seeded }, 'demo accounts seeded');
    return;
  }
  // Their passwords are public: once turned off they must not stay signed in.
  const ended = await deleteDemoSessions(deps.db);
  if (ended > 0)
    deps.logger.info({ sessions: ended }, 'demo sessions ended: demo accounts are off');
}
