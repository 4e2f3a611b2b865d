import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LedgerPublicKey } from '@smart-city/ledger';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findLedgerKey, recordFirstLedgerKey } from './ledger.repository';

export type LedgerKey = { privateKey: KeyObject; publicKey: LedgerPublicKey };

/** The public half of an Ed25519 key as a JWK, with a kid derived from the key itself. */
function publicJwkOf(privateKey: KeyObject): LedgerPublicKey {
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' }) as { x: string };
  const kid = createHash('sha256')
    .update(Buffer.from(x, 'base64url'))
    .digest('base64url')
    .slice(0, 16);
  return { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' };
}

/** A key that lives only as long as the process: for tests. */
export function ephemeralLedgerKey(): LedgerKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey: publicJwkOf(privateKey) };
}

/** Raised when the key on disk cannot be the one the ledger was signed with. */
export class LedgerKeyError extends Error {
  override name = 'LedgerKeyError';
}

/**
 * The city's ledger key: read from `file` (PKCS#8 PEM), or made on first start and written there
 * with mode 0600; the private key never enters the database. The database keeps the public key the
 * ledger was first signed with, and a server holding another key refuses to start: entries signed
 * with two keys would no longer verify as one ledger.
 */
export async function loadLedgerKey(
  db: Kysely<Database>,
  file: string,
  now: Date,
  /** Where the processes already running keep the key (host and path), for the refusal to name. */
  keptBy: { host: string; file: string }[] = [],
): Promise<LedgerKey> {
  const recorded = await findLedgerKey(db);
  // Several processes sign one ledger: a newcomer without the key learns where to copy it from.
  const copyFrom =
    keptBy.length === 0
      ? ''
      : `. Every process on this database signs with that one key: copy the key file of a running process (${keptBy
          .map((k) => `${k.host}: ${k.file}`)
          .join('; ')}) to ${file} with mode 0600, or set LEDGER_KEY_FILE to such a copy`;
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new LedgerKeyError(
        `The ledger key file ${file} cannot be read: ${(err as Error).message}`,
      );
    }
    if (recorded) {
      throw new LedgerKeyError(
        `The ledger was signed with key ${recorded.kid}, but its key file ${file} is missing: restore it (or set LEDGER_KEY_FILE to where it is)${copyFrom}`,
      );
    }
    privateKey = generateKeyPairSync('ed25519').privateKey;
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await writeFile(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), {
        mode: 0o600,
        flag: 'wx',
      });
      await chmod(file, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // Another process sharing the file made it first: everyone signs with that one.
      privateKey = createPrivateKey(await readFile(file, 'utf8'));
    }
  }
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new LedgerKeyError(`The ledger key file ${file} does not hold an Ed25519 private key`);
  const publicKey = publicJwkOf(privateKey);
  if (recorded && recorded.kid !== publicKey.kid) {
    throw new LedgerKeyError(
      `The ledger was signed with key ${recorded.kid}, but ${file} holds key ${publicKey.kid}: restore the original key file${copyFrom}`,
    );
  }
  if (!recorded) {
    const kid = await recordFirstLedgerKey(db, publicKey.kid, publicKey, now);
    if (kid !== publicKey.kid) {
      throw new LedgerKeyError(
        `Another process recorded the ledger's key ${kid} while this one made ${publicKey.kid} in ${file}: give every process the one key file${copyFrom}`,
      );
    }
  }
  return { privateKey, publicKey };
}
