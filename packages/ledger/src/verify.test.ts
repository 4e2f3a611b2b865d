import { describe, expect, it } from 'vitest';
import { exportLedgerSource } from './sources';
import { referenceLedger } from './testing/rfc6962-reference';
import { verifyLedger } from './verify';

describe('verifyLedger', () => {
  it('passes a sound ledger: links, hashes, signatures and the rebuilt root', async () => {
    const ledger = referenceLedger(130);
    const progress: number[] = [];
    const report = await verifyLedger(exportLedgerSource(ledger), {
      onProgress: ({ checked }) => progress.push(checked),
    });
    expect(report).toMatchObject({ ok: true, from: 1, to: 130, checked: 130, root: 'rebuilt' });
    expect(progress.at(-1)).toBe(130);
  });

  it('checks a range against the checkpoint through an inclusion proof', async () => {
    const ledger = referenceLedger(100, { checkpointAt: 90 });
    const report = await verifyLedger(exportLedgerSource(ledger), { from: 40, to: 70 });
    expect(report).toMatchObject({ ok: true, from: 40, to: 70, checked: 31, root: 'inclusion' });
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

  it('fails at the entry whose hash was recomputed after a change: its signature no longer fits', async () => {
    const ledger = referenceLedger(80);
    const forged = referenceLedger(80);
    // Another key's entry 23 is sound on its own, so only its signature and the next link give it away.
    ledger.entries[22] = { ...forged.entries[22]!, prevHash: ledger.entries[21]!.hash };
    const report = await verifyLedger(exportLedgerSource(ledger));
    expect(report).toMatchObject({ ok: false, failedSeq: 23 });
  });

  it('fails on a bad checkpoint signature, a missing entry and a root that does not add up', async () => {
    const badCheckpoint = referenceLedger(10);
    badCheckpoint.checkpoint.treeSize = 9;
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
