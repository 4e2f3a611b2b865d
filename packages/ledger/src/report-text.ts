import { CHECKPOINT_EVERY } from './format';
import type { VerifyReport } from './verify';

const count = (n: number) => n.toLocaleString('en');

const CADENCE = `one is made every ${CHECKPOINT_EVERY} entries and at least hourly`;

/**
 * A verification report in plain English, one sentence a line, for the command line: what was
 * checked, how the checkpoint's root was confirmed, and how many entries no checkpoint covers yet.
 * Seqs are written as they are (they can be passed back as --from and --to), counts grouped.
 */
export function reportText(report: VerifyReport, seconds: string): string[] {
  if (!report.ok) {
    const where = report.failedSeq === null ? '' : ` at entry ${report.failedSeq}`;
    return [
      `FAILED${where}: ${report.reason} (${count(report.checked)} checked before, ${seconds} s)`,
    ];
  }
  if (report.checked === 0)
    return [`Nothing to verify: the ledger has no entries in this range (${seconds} s)`];

  const { from, to, checked, beyondCheckpoint, checkpoint } = report;
  const lines = [
    from === 1 && to >= report.latestSeq
      ? `All ${count(checked)} ${checked === 1 ? 'entry' : 'entries'} verified: every hash link, hash and signature (${seconds} s)`
      : `Entries ${from}–${to} verified (${count(checked)}): every hash link, hash and signature (${seconds} s)`,
  ];
  if (report.root === 'rebuilt')
    lines.push(
      `The Merkle root of checkpoint ${checkpoint!.treeSize} was rebuilt from every entry it covers and matches its signed root`,
    );
  if (report.root === 'inclusion')
    lines.push(
      `Entry ${Math.min(to, checkpoint!.treeSize)} is proven to be in checkpoint ${checkpoint!.treeSize}, whose signed root matches`,
    );
  if (beyondCheckpoint === checked)
    lines.push(
      checkpoint
        ? `None of these is under a signed checkpoint yet: the newest covers entries 1–${checkpoint.treeSize} (${CADENCE})`
        : `No checkpoint is signed yet, so none of these is under one (${CADENCE})`,
    );
  else if (beyondCheckpoint > 0 && to < report.latestSeq)
    // A range that ends before the newest entry: its last entries are not the newest.
    lines.push(
      beyondCheckpoint === 1
        ? `Entry ${to} comes after the newest checkpoint, so no signed root covers it yet (${CADENCE})`
        : `Entries ${to - beyondCheckpoint + 1}–${to} (${count(beyondCheckpoint)}) come after the newest checkpoint, so no signed root covers them yet (${CADENCE})`,
    );
  else if (beyondCheckpoint > 0)
    lines.push(
      beyondCheckpoint === 1
        ? `The newest entry is not yet under a signed checkpoint (${CADENCE})`
        : `The newest ${count(beyondCheckpoint)} are not yet under a signed checkpoint (${CADENCE})`,
    );
  return lines;
}
