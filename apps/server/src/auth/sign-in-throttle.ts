import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  deleteAccountFailures,
  deleteFailuresBefore,
  insertSignInFailure,
  recentFailureTimes,
  type FailureKey,
} from './sign-in-throttle.repository';

export type SignInLimits = {
  /** Failures count towards a lock when they all fall within this span. */
  windowMs: number;
  /** How long a lock lasts from the failure that set it. */
  lockMs: number;
  maxFailuresPerAccount: number;
  /** Higher than per account: several people can share one address (an office, a mobile network). */
  maxFailuresPerIp: number;
};

const SIGN_IN_LIMITS: SignInLimits = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxFailuresPerAccount: 5,
  maxFailuresPerIp: 20,
};

/** Who is trying to sign in: the account named in the attempt (lower-cased) and the client address. */
export type SignInAttempt = { accountKey: string | null; ip: string | null };

export type SignInThrottle = {
  /** Null when the attempt may go ahead; otherwise how many seconds until it may. */
  check: (attempt: SignInAttempt) => Promise<{ retryAfterS: number } | null>;
  recordFailure: (attempt: SignInAttempt) => Promise<void>;
  recordSuccess: (attempt: SignInAttempt) => Promise<void>;
};

/**
 * Locks an account (or a client address) after too many failed sign-ins within a window. Failures
 * live in the database, so every server process behind a load balancer counts the same ones.
 */
export function createSignInThrottle(deps: {
  db: Kysely<Database>;
  now?: () => Date;
  limits?: SignInLimits;
}): SignInThrottle {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = deps.limits ?? SIGN_IN_LIMITS;
  // A failure older than this can neither start nor extend a lock.
  const relevantMs = limits.windowMs + limits.lockMs;

  async function lockedUntil(key: FailureKey, max: number, at: Date): Promise<number | null> {
    const times = await recentFailureTimes(db, key, new Date(at.getTime() - relevantMs), max);
    if (times.length < max) return null;
    const newest = times[0]!.getTime();
    const oldest = times[max - 1]!.getTime();
    if (newest - oldest > limits.windowMs) return null;
    const until = newest + limits.lockMs;
    return until > at.getTime() ? until : null;
  }

  function keys(attempt: SignInAttempt): { key: FailureKey; max: number }[] {
    const list: { key: FailureKey; max: number }[] = [];
    if (attempt.accountKey)
      list.push({
        key: { column: 'account_key', value: attempt.accountKey },
        max: limits.maxFailuresPerAccount,
      });
    if (attempt.ip)
      list.push({ key: { column: 'ip', value: attempt.ip }, max: limits.maxFailuresPerIp });
    return list;
  }

  return {
    async check(attempt) {
      const at = now();
      const locks = await Promise.all(keys(attempt).map((k) => lockedUntil(k.key, k.max, at)));
      const until = Math.max(...locks.map((l) => l ?? 0));
      if (until <= at.getTime()) return null;
      return { retryAfterS: Math.ceil((until - at.getTime()) / 1000) };
    },

    async recordFailure(attempt) {
      if (!attempt.accountKey && !attempt.ip) return;
      const at = now();
      await insertSignInFailure(db, { ...attempt, at });
      await deleteFailuresBefore(db, new Date(at.getTime() - relevantMs));
    },

    async recordSuccess(attempt) {
      // Address failures stay: one valid account must not wash away guesses at others.
      if (attempt.accountKey) await deleteAccountFailures(db, attempt.accountKey);
    },
  };
}
