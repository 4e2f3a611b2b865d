import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exportLedgerSource } from './sources';
import { jcs, referenceLedger, referenceSha256Hex } from './testing/rfc6962-reference';
import { verifyLedger } from './verify';

type Ledger = ReturnType<typeof referenceLedger>;

/** Changes entry `seq`'s title, then gives it a fresh hash and a signature made with another key. */
function resign(ledger: Ledger, seq: number) {
  const entry = ledger.entries[seq - 1]!;
  const { privateKey } = generateKeyPairSync('ed25519');
  const payload = { ...entry.payload, title: `${String(entry.payload.title)} (changed)` };
  const { hash: _hash, signature: _signature, ...fields } = { ...entry, payload };
  const hash = referenceSha256Hex(jcs(fields));
  const signature = sign(null, Buffer.from(hash, 'hex'), privateKey).toString('base64url');
  ledger.entries[seq - 1] = { ...fields, hash, signature };
}

describe('verifyLedger', () => {
  it('checks every entry up to the newest, the root rebuilt up to the checkpoint, and counts the rest', async () => {
    const ledger = referenceLedger(130, { checkpointAt: 128 });
    const progress: { checked: number; total: number }[] = [];
    const report = await verifyLedger(exportLedgerSource(ledger), {
      onProgress: (step) => progress.push(step),
    });
    expect(report).toMatchObject({
      ok: true,
      from: 1,
      to: 130,
      checked: 130,
      beyondCheckpoint: 2,
      latestSeq: 130,
      root: 'rebuilt',
      checkpoint: { treeSize: 128 },
    });
    expect(progress.at(-1)).toEqual({ checked: 130, total: 130 });
  });

  it('counts exactly the entries after the newest checkpoint', async () => {
    for (const [count, checkpointAt, beyond] of [
      [64, 64, 0],
      [65, 64, 1],
      [127, 64, 63],
      [200, 192, 8],
    ] as const) {
      const report = await verifyLedger(
        exportLedgerSource(referenceLedger(count, { checkpointAt })),
      );
      expect(report, `${count} entries, checkpoint ${checkpointAt}`).toMatchObject({
        ok: true,
        checked: count,
        to: count,
        beyondCheckpoint: beyond,
        root: 'rebuilt',
      });
    }
  });

  it('checks a ledger with no checkpoint at all entry by entry, every one beyond a checkpoint', async () => {
    const report = await verifyLedger(
      exportLedgerSource(referenceLedger(40, { checkpointAt: null })),
    );
    expect(report).toEqual({
      ok: true,
      from: 1,
      to: 40,
      checked: 40,
      beyondCheckpoint: 40,
      latestSeq: 40,
      checkpoint: null,
      root: 'none',
    });

    const tampered = referenceLedger(40, { checkpointAt: null });
    tampered.entries[32]!.payload.value = 1;
    expect(await verifyLedger(exportLedgerSource(tampered))).toMatchObject({
      ok: false,
      failedSeq: 33,
      problem: 'hash',
    });
  });

  it('passes an empty ledger with nothing checked', async () => {
    expect(
      await verifyLedger(exportLedgerSource(referenceLedger(0, { checkpointAt: null }))),
    ).toMatchObject({ ok: true, checked: 0, beyondCheckpoint: 0, latestSeq: 0, root: 'none' });
  });

  it('checks a range against the checkpoint through an inclusion proof', async () => {
    const ledger = referenceLedger(100, { checkpointAt: 90 });
    expect(await verifyLedger(exportLedgerSource(ledger), { from: 40, to: 70 })).toMatchObject({
      ok: true,
      from: 40,
      to: 70,
      checked: 31,
      beyondCheckpoint: 0,
      root: 'inclusion',
    });
    // Across the checkpoint: its last covered entry is proven, the ten after it are counted.
    expect(await verifyLedger(exportLedgerSource(ledger), { from: 40 })).toMatchObject({
      ok: true,
      from: 40,
      to: 100,
      checked: 61,
      beyondCheckpoint: 10,
      root: 'inclusion',
    });
    expect(await verifyLedger(exportLedgerSource(ledger), { from: 95 })).toMatchObject({
      ok: true,
      to: 100,
      checked: 6,
      beyondCheckpoint: 6,
      root: 'none',
    });
  });

  it('fails at exactly the entry whose stored bytes changed, whichever field', async () => {
    for (const [field, change] of [
      [
        'payload',
        (e: { payload: Record<string, unknown> }) => (e.payload.title = 'Entry 57 — Howrah Bridgf'),
      ],
      ['at', (e: { at: string }) => (e.at = e.at.replace('.000Z', '.001Z'))],
      ['type', (e: { type: string }) => (e.type = `${e.type}x`)],
    ] as const) {
      const ledger = referenceLedger(80);
      change(ledger.entries[56] as never);
      const report = await verifyLedger(exportLedgerSource(ledger));
      expect(report, field).toMatchObject({
        ok: false,
        failedSeq: 57,
        reason: 'its hash does not match its contents',
      });
    }
  });

  it('fails at an entry edited after the checkpoint, the newest one included', async () => {
    for (const seq of [65, 90, 100]) {
      const ledger = referenceLedger(100, { checkpointAt: 64 });
      ledger.entries[seq - 1]!.payload.title = `Entry ${seq} — Howrah Bridgf`;
      expect(await verifyLedger(exportLedgerSource(ledger)), `entry ${seq}`).toMatchObject({
        ok: false,
        failedSeq: seq,
        problem: 'hash',
        reason: 'its hash does not match its contents',
      });
    }
  });

  it('fails at an entry removed after the checkpoint, the newest one included', async () => {
    const gap = referenceLedger(100, { checkpointAt: 64 });
    gap.entries.splice(79, 1);
    expect(await verifyLedger(exportLedgerSource(gap))).toMatchObject({
      ok: false,
      failedSeq: 80,
      problem: 'missing',
      reason: 'the entry is missing',
    });

    // The ledger says it holds 100 entries; a source that gives only 99 fails at the 100th.
    const cut = referenceLedger(100, { checkpointAt: 64 });
    cut.entries.pop();
    expect(await verifyLedger(exportLedgerSource(cut))).toMatchObject({
      ok: false,
      failedSeq: 100,
      problem: 'missing',
      checked: 99,
    });
  });

  it('fails at an entry re-hashed and re-signed with another key, before or after the checkpoint', async () => {
    for (const seq of [23, 75, 100]) {
      const ledger = referenceLedger(100, { checkpointAt: 64 });
      resign(ledger, seq);
      expect(await verifyLedger(exportLedgerSource(ledger)), `entry ${seq}`).toMatchObject({
        ok: false,
        failedSeq: seq,
        problem: 'signature',
        reason: 'its signature is not valid',
      });
    }
  });

  it('fails at an entry after the checkpoint that names another entry before it', async () => {
    const ledger = referenceLedger(100, { checkpointAt: 64 });
    ledger.entries[70]!.prevHash = ledger.entries[68]!.hash;
    expect(await verifyLedger(exportLedgerSource(ledger))).toMatchObject({
      ok: false,
      failedSeq: 71,
      problem: 'link',
    });
  });

  it('fails on a bad checkpoint signature and on a missing entry before the checkpoint', async () => {
    const badCheckpoint = referenceLedger(10);
    badCheckpoint.checkpoint!.treeSize = 9;
    expect(await verifyLedger(exportLedgerSource(badCheckpoint))).toMatchObject({
      ok: false,
      failedSeq: null,
      problem: 'checkpoint-signature',
    });

    const gap = referenceLedger(20);
    gap.entries.splice(12, 1);
    expect(await verifyLedger(exportLedgerSource(gap))).toMatchObject({
      ok: false,
      failedSeq: 13,
      problem: 'missing',
    });
  });
});
