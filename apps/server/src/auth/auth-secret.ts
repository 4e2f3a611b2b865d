import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

const SECRET_FILE = 'auth-secret';

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

async function readSecret(file: string): Promise<string | null> {
  try {
    const secret = (await readFile(file, 'utf8')).trim();
    return secret.length >= 32 ? secret : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The secret that signs sessions and encrypts the signing keys: AUTH_SECRET when set; in embedded mode
 * one generated on first start and kept in DATA_DIR/auth-secret, so sessions survive a restart.
 */
export async function resolveAuthSecret(
  config: Pick<Config, 'authSecret' | 'databaseUrl' | 'dataDir'>,
): Promise<string> {
  if (config.authSecret) return config.authSecret;
  // Only reachable under NODE_ENV=test: the configuration refuses PostgreSQL without AUTH_SECRET.
  if (config.databaseUrl) return newSecret();

  const file = path.join(config.dataDir, SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(config.dataDir, { recursive: true });
  const secret = newSecret();
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another process wrote it first: use theirs so both sign alike.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      const theirs = await readSecret(file);
      if (theirs) return theirs;
    }
    throw err;
  }
}
