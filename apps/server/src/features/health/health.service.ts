import type { Health } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countOneSensor } from './health.repository';

/** A database that has not answered within this time counts as down. */
const DATABASE_CHECK_TIMEOUT_MS = 3_000;

export type HealthService = { check: () => Promise<Health> };

/** Reports whether the server and its database answer. */
export function createHealthService(deps: {
  db: Kysely<Database>;
  version: string;
  startedAt: number;
}): HealthService {
  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([countOneSensor(deps.db).then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async check() {
      const ok = await databaseAnswers();
      return {
        status: ok ? 'ok' : 'error',
        database: ok ? 'ok' : 'down',
        uptimeS: Math.round((Date.now() - deps.startedAt) / 1000),
        version: deps.version,
      };
    },
  };
}
