import { describe, expect, it } from 'vitest';
import { exportLedger, exportLedgerSource, httpLedgerSource } from './sources';
import { referenceInclusionPath, referenceLedger } from './testing/rfc6962-reference';
import { verifyLedger } from './verify';

type Ledger = ReturnType<typeof referenceLedger>;

/** The ledger's public API over a reference ledger; `summaryEntries` is what the summary claims. */
function server(ledger: Ledger, summaryEntries: unknown = ledger.entries.length): typeof fetch {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  return async (input) => {
    const { pathname, searchParams } = new URL(input instanceof Request ? input.url : input);
    if (pathname === '/api/ledger/public-key') return json(ledger.publicKey);
    if (pathname === '/api/ledger/summary')
      return json({ entries: summaryEntries, byType: {}, latestCheckpoint: ledger.checkpoint });
    if (pathname === '/api/ledger/checkpoints')
      return json({ items: ledger.checkpoint ? [ledger.checkpoint] : [] });
    if (pathname === '/api/ledger/entries') {
      const after = Number(searchParams.get('after'));
      const limit = Number(searchParams.get('limit'));
      const items = ledger.entries.slice(after, after + limit);
      return json({ items, nextCursor: items.length === limit ? String(after + limit) : null });
    }
    const match = /^\/api\/ledger\/entries\/(\d+)(\/proof)?$/.exec(pathname);
    if (match && !match[2]) {
      const entry = ledger.entries[Number(match[1]) - 1];
      return entry ? json(entry) : json({ error: { code: 'not_found', message: '' } }, 404);
    }
    if (match) {
      const hashes = ledger.entries
        .slice(0, Number(searchParams.get('treeSize')))
        .map((e) => e.hash);
      return json({ auditPath: referenceInclusionPath(hashes, Number(match[1]) - 1) });
    }
    return json({ error: { code: 'not_found', message: '' } }, 404);
  };
}

describe('the ledger sources', () => {
  it('reads the newest seq from the server’s summary and checks every entry up to it', async () => {
    const ledger = referenceLedger(1_100, { checkpointAt: 1_088 });
    const report = await verifyLedger(httpLedgerSource('http://city.test', server(ledger)));
    expect(report).toMatchObject({
      ok: true,
      to: 1_100,
      checked: 1_100,
      beyondCheckpoint: 12,
      latestSeq: 1_100,
      root: 'rebuilt',
    });
  });

  it('fails at the first entry the summary counts and the listing leaves out', async () => {
    const ledger = referenceLedger(70, { checkpointAt: 64 });
    const report = await verifyLedger(httpLedgerSource('http://city.test', server(ledger, 72)));
    expect(report).toMatchObject({ ok: false, failedSeq: 71, problem: 'missing', checked: 70 });
  });

  it('refuses to guess where the ledger ends when the summary does not say', async () => {
    const ledger = referenceLedger(5);
    await expect(
      verifyLedger(httpLedgerSource('http://city.test', server(ledger, 'many'))),
    ).rejects.toThrow(/did not say how many entries/);
  });

  it('saves every entry up to the newest, so a file that loses its last entry fails', async () => {
    const ledger = referenceLedger(70, { checkpointAt: 64 });
    const saved = await exportLedger(httpLedgerSource('http://city.test', server(ledger)));
    expect(saved.entries).toHaveLength(70);
    expect(saved.latestSeq).toBe(70);
    expect(await verifyLedger(exportLedgerSource(saved))).toMatchObject({
      ok: true,
      beyondCheckpoint: 6,
    });

    saved.entries.pop();
    expect(await verifyLedger(exportLedgerSource(saved))).toMatchObject({
      ok: false,
      failedSeq: 70,
      problem: 'missing',
    });
  });
});
