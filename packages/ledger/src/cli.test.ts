import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY } from './format';
import { referenceLedger } from './testing/rfc6962-reference';

const CLI = new URL('./cli.ts', import.meta.url).pathname;
const run = promisify(execFile);

/** Runs `ledger:verify --file` on a saved ledger: its exit code and what it printed. */
async function verifyFile(
  folder: string,
  ledger: ReturnType<typeof referenceLedger>,
  args: string[] = [],
) {
  const file = path.join(folder, `ledger-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(ledger));
  return run(process.execPath, ['--import', 'tsx', CLI, '--file', file, ...args]).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
  );
}

describe('npm run ledger:verify', () => {
  let folder: string;
  beforeAll(async () => (folder = await mkdtemp(path.join(tmpdir(), 'ledger-cli-'))));
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('says every entry was verified and how many the checkpoint does not cover yet', async () => {
    const { code, stdout } = await verifyFile(
      folder,
      referenceLedger(1_234, { checkpointAt: 1_216 }),
    );
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^All 1,234 entries verified: every hash link, hash and signature \(\d+\.\d\d s\)$/,
    );
    expect(lines.slice(1)).toEqual([
      'The Merkle root of checkpoint 1216 was rebuilt from every entry it covers and matches its signed root',
      `The newest 18 are not yet under a signed checkpoint (one is made every ${CHECKPOINT_EVERY} entries and at least hourly)`,
    ]);
  }, 30_000);

  it('says so when no checkpoint is signed yet', async () => {
    const { code, stdout } = await verifyFile(folder, referenceLedger(17, { checkpointAt: null }));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^All 17 entries verified/);
    expect(stdout).toContain('No checkpoint is signed yet, so none of these is under one');
  }, 30_000);

  it('names the entries of a range that come after the checkpoint', async () => {
    const ledger = referenceLedger(70, { checkpointAt: 64 });
    const { code, stdout } = await verifyFile(folder, ledger, ['--from', '60', '--to', '66']);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n').slice(1)).toEqual([
      'Entry 64 is proven to be in checkpoint 64, whose signed root matches',
      `Entries 65–66 (2) come after the newest checkpoint, so no signed root covers them yet (one is made every ${CHECKPOINT_EVERY} entries and at least hourly)`,
    ]);
    expect(stdout).toMatch(/^Entries 60–66 verified \(7\): every hash link, hash and signature/);
  }, 30_000);

  it('fails with exit code 1 at an entry changed after the checkpoint', async () => {
    const ledger = referenceLedger(100, { checkpointAt: 64 });
    ledger.entries[89]!.payload.title = 'Entry 90 — Howrah Bridgf';
    const { code, stdout } = await verifyFile(folder, ledger);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /^FAILED at entry 90: its hash does not match its contents \(89 checked before, \d+\.\d\d s\)$/m,
    );
  }, 30_000);
});
