import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import {
  deleteProcess,
  deleteSilentProcesses,
  findRunningProcesses,
  findSharedSettings,
  insertProcess,
  saveSharedSetting,
  touchProcess,
  withJoinLock,
  type ServerProcessRow,
  type SharedSettingRow,
} from './cluster.repository';

/** How often a running process says so. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A process silent for this long is taken as stopped: its settings no longer bind a newcomer. */
const SILENT_AFTER_S = 20;

/** A setting every process on one database must share. `value` undefined means unset. */
export type SharedSetting = { name: string; value: string | undefined; secret: boolean };

/** The settings of a process's configuration that must be the same in every process. */
export function sharedSettingsOf(config: {
  liveAdapter: string;
  redisUrl?: string | undefined;
  authSecret: string | undefined;
  publicUrl: string | undefined;
  trustProxyHops: number;
}): SharedSetting[] {
  return [
    { name: 'LIVE_ADAPTER', value: config.liveAdapter, secret: false },
    // It may hold Redis's password: compared by fingerprint, like a secret.
    { name: 'REDIS_URL', value: config.redisUrl, secret: true },
    { name: 'AUTH_SECRET', value: config.authSecret, secret: true },
    { name: 'PUBLIC_URL', value: config.publicUrl, secret: false },
    { name: 'TRUST_PROXY', value: String(config.trustProxyHops), secret: false },
  ];
}

/** Raised when a process would join processes that run with other shared settings. */
export class SharedSettingsError extends Error {
  override name = 'SharedSettingsError';
}

const UNSET = 'unset';

function scryptHash(value: string, salt: string): Promise<string> {
  return new Promise((resolve, reject) =>
    scrypt(value, salt, 32, { N: 16_384, r: 8, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(key.toString('base64url')),
    ),
  );
}

/**
 * A setting's fingerprint under `salt`: a slow salted hash of a secret (never the secret, and costly
 * to guess from), a plain hash of anything else; `unset` when it is not set.
 */
async function fingerprintOf(setting: SharedSetting, salt: string): Promise<string> {
  if (setting.value === undefined) return UNSET;
  if (setting.secret) return `scrypt:${await scryptHash(setting.value, salt)}`;
  return `sha256:${createHash('sha256').update(`${salt}:${setting.value}`).digest('base64url')}`;
}

function sameFingerprint(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function shownValue(setting: { value: string | undefined; secret: boolean }) {
  return setting.secret || setting.value === undefined ? null : setting.value;
}

/** How one differing setting reads in the refusal. */
function describeDifference(ours: SharedSetting, theirs: SharedSettingRow): string {
  if (ours.secret) {
    if (ours.value === undefined)
      return `${ours.name}: unset here (the secret kept in the database), but the other processes are given ${ours.name}`;
    if (theirs.fingerprint === UNSET)
      return `${ours.name}: set here, but the other processes leave it unset and use the secret kept in the database`;
    return `${ours.name}: differs from the other processes' (compared by a salted hash; the secret itself is never stored)`;
  }
  const here = ours.value === undefined ? 'unset' : `"${ours.value}"`;
  const there = theirs.shown === null ? 'unset' : `"${theirs.shown}"`;
  return `${ours.name}: ${here} here, ${there} on the other processes`;
}

function describeProcesses(others: ServerProcessRow[]): string {
  return others
    .map((p) => `${p.host}:${p.port} (pid ${p.pid}, seen ${Math.round(p.silentForS)} s ago)`)
    .join(', ');
}

export type ProcessIdentity = { host: string; pid: number; port: number; ledgerKeyFile: string };

/** A process's place among those serving the database. */
export type Membership = {
  /** The other processes running when this one joined. */
  others: ServerProcessRow[];
  /** Says this process still runs (every HEARTBEAT_INTERVAL_MS). */
  heartbeat: () => Promise<void>;
  /** Removes this process from the list, as it stops. */
  leave: () => Promise<void>;
};

/**
 * Joins the processes serving a PostgreSQL database. Under one lock: when other processes are
 * running, this one's shared settings must match the recorded fingerprints, or it stops with a
 * SharedSettingsError naming each setting and what to do; when none has been seen for
 * SILENT_AFTER_S, this process's values are recorded (a deliberate change takes a full restart).
 */
export async function joinProcesses(deps: {
  db: Kysely<Database>;
  settings: SharedSetting[];
  self: Omit<ProcessIdentity, 'host'> & { host?: string };
  logger: Logger;
}): Promise<Membership> {
  const { db, settings, logger } = deps;
  const self = { ...deps.self, id: randomUUID(), host: deps.self.host ?? hostname() };
  const others = await withJoinLock(db, async (trx) => {
    await deleteSilentProcesses(trx, SILENT_AFTER_S);
    const running = await findRunningProcesses(trx, SILENT_AFTER_S, self.id);
    const recorded = new Map((await findSharedSettings(trx)).map((row) => [row.name, row]));
    const changed: SharedSetting[] = [];
    const differences: string[] = [];
    for (const setting of settings) {
      const row = recorded.get(setting.name);
      if (row && sameFingerprint(await fingerprintOf(setting, row.salt), row.fingerprint)) continue;
      changed.push(setting);
      if (row && running.length > 0) differences.push(describeDifference(setting, row));
    }
    const memory = settings.find((s) => s.name === 'LIVE_ADAPTER' && s.value === 'memory');
    if (running.length > 0 && memory && differences.length === 0) {
      differences.push(
        'LIVE_ADAPTER: "memory" here and on the other processes, so live events would never leave the process that raised them; set LIVE_ADAPTER=postgres on every process',
      );
    }
    if (differences.length > 0) {
      throw new SharedSettingsError(
        [
          `This process's shared settings differ from those of the ${running.length === 1 ? 'process' : `${running.length} processes`} already serving this database (${describeProcesses(running)}):`,
          ...differences.map((d) => `  - ${d}`),
          'Every process on one database must share these settings: start this one with the same values.',
          `To change a setting, stop every process and start them again with the new value: once no process has been seen for ${SILENT_AFTER_S} s, the first to start records its values.`,
        ].join('\n'),
      );
    }
    for (const setting of changed) {
      const salt = randomBytes(16).toString('base64url');
      await saveSharedSetting(trx, {
        name: setting.name,
        fingerprint: await fingerprintOf(setting, salt),
        salt,
        shown: shownValue(setting),
      });
    }
    if (recorded.size > 0 && changed.length > 0) {
      logger.warn(
        { settings: changed.map((s) => s.name) },
        'shared settings changed since the last processes ran; processes that start next must use these values',
      );
    }
    await insertProcess(trx, self);
    return running;
  });
  return {
    others,
    heartbeat: () => touchProcess(db, self),
    leave: () => deleteProcess(db, self.id),
  };
}
