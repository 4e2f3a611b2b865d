import { referenceInclusionPath, referenceLedger } from '@smart-city/ledger/testing';
import type { Contract, ContractFeedback } from '@smart-city/shared';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../lib/i18n/i18n';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { createTestQueryClient, renderRoute, signedIn } from '../../test/render';
import { blockchainLive } from './blockchain.live';

type Ledger = ReturnType<typeof referenceLedger>;

const CONTRACT: Contract = {
  id: 'c-1',
  name: 'Park Street resurfacing',
  type: 'public_works',
  description: 'Resurfacing 2.4 km of Park Street, night work only.',
  status: 'active',
  version: 2,
  createdAt: '2026-11-18T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  feedbackCount: 1,
  versions: [
    {
      version: 2,
      name: 'Park Street resurfacing',
      type: 'public_works',
      description: '…',
      status: 'active',
      at: '2026-11-20T09:00:00.000Z',
      ledgerSeq: 7,
    },
    {
      version: 1,
      name: 'Park Street resurfacing',
      type: 'public_works',
      description: '…',
      status: 'draft',
      at: '2026-11-18T09:00:00.000Z',
      ledgerSeq: 3,
    },
  ],
};

/** The ledger's public API over a reference ledger, and the contracts API. */
function serveLedger(ledger: Ledger, feedback: ContractFeedback[] = []) {
  const byType: Record<string, number> = {};
  for (const entry of ledger.entries) byType[entry.type] = (byType[entry.type] ?? 0) + 1;
  return stubFetch(async (url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/ledger/summary')
      return jsonResponse({
        entries: ledger.latestSeq,
        byType,
        latestCheckpoint: ledger.checkpoint,
      });
    if (pathname === '/api/ledger/public-key') return jsonResponse(ledger.publicKey);
    if (pathname === '/api/ledger/checkpoints')
      return jsonResponse({ items: ledger.checkpoint ? [ledger.checkpoint] : [] });
    if (pathname === '/api/ledger/entries') {
      const after = Number(searchParams.get('after') ?? 0);
      const limit = Number(searchParams.get('limit') ?? 100);
      const items = ledger.entries.slice(after, after + limit);
      return jsonResponse({
        items,
        nextCursor: items.length === limit ? String(after + limit) : null,
      });
    }
    const entry = /^\/api\/ledger\/entries\/(\d+)(\/proof)?$/.exec(pathname);
    if (entry) {
      const seq = Number(entry[1]);
      if (!entry[2])
        return ledger.entries[seq - 1]
          ? jsonResponse(ledger.entries[seq - 1])
          : jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
      const treeSize = Number(searchParams.get('treeSize'));
      const hashes = ledger.entries.slice(0, treeSize).map((e) => e.hash);
      return jsonResponse({ auditPath: referenceInclusionPath(hashes, seq - 1) });
    }
    if (pathname === '/api/contracts') return jsonResponse([CONTRACT]);
    if (pathname === '/api/contracts/c-1/feedback' && init?.method === 'POST') {
      const { body } = jsonBodyOf(init) as { body: string };
      return jsonResponse(
        {
          id: 'f-2',
          contractId: 'c-1',
          body,
          author: 'p-mine',
          createdAt: new Date().toISOString(),
          ledgerSeq: null,
        },
        201,
      );
    }
    if (pathname === '/api/contracts/c-1/feedback') return jsonResponse(feedback);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
}

describe('the Blockchain screen', () => {
  it('shows the record’s size, checkpoint and key, the contracts, and Admin only to admins', async () => {
    serveLedger(referenceLedger(70, { checkpointAt: 64 }));
    const { unmount } = renderRoute('/blockchain', { auth: signedIn({ role: 'citizen' }) });
    await waitFor(() => expect(screen.getByTestId('ledger-entry-count')).toHaveTextContent('70'));
    expect(screen.getByTestId('ledger-summary')).toHaveTextContent(/64 entries/);
    expect(await screen.findByTestId('contract-card')).toHaveTextContent('Park Street resurfacing');
    expect(screen.getByTestId('contract-status')).toHaveTextContent('Active');
    expect(screen.queryByRole('tab', { name: 'Admin' })).toBeNull();
    unmount();

    renderRoute('/blockchain', { auth: signedIn({ role: 'admin' }) });
    expect(await screen.findByRole('tab', { name: 'Admin' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    serveLedger(referenceLedger(5));
    renderRoute('/blockchain?tab=monitor', { auth: signedIn() });
    const monitor = await screen.findByRole('tab', { name: 'Monitor' });
    expect(monitor).toHaveAttribute('aria-selected', 'true');
    monitor.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Community Feedback' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Community Feedback' })).toHaveFocus();
  });

  it('shows the newest entries first, and adds live ones without asking the server again', async () => {
    const ledger = referenceLedger(10);
    const fetchSpy = serveLedger(ledger);
    const queryClient = createTestQueryClient();
    renderRoute('/blockchain?tab=monitor', { auth: signedIn(), queryClient });
    const feed = await screen.findByTestId('ledger-feed');
    await waitFor(() => expect(within(feed).getAllByTestId('ledger-entry')).toHaveLength(10));
    expect(within(feed).getAllByTestId('ledger-entry')[0]).toHaveAttribute('data-seq', '10');

    const calls = fetchSpy.mock.calls.length;
    const next = referenceLedger(11).entries[10]!;
    act(() =>
      blockchainLive.handlers['ledger:appended']!(
        { latestSeq: 11, entries: [next] },
        { queryClient, city: 'kolkata' },
      ),
    );
    await waitFor(() =>
      expect(within(feed).getAllByTestId('ledger-entry')[0]).toHaveAttribute('data-seq', '11'),
    );
    expect(screen.getByTestId('ledger-entry-count')).toHaveTextContent('11');
    expect(fetchSpy.mock.calls.length).toBe(calls);
  });

  /** Opens the Verify tab, runs the check and waits for its result. */
  async function verify(range: { from?: string; to?: string } = {}) {
    renderRoute('/blockchain?tab=verify', { auth: signedIn() });
    const start = await screen.findByTestId('verify-start');
    // The end of the range follows the newest entry the summary names.
    await waitFor(() => expect(screen.getByTestId('verify-to')).not.toHaveValue(''));
    for (const [field, value] of Object.entries(range)) {
      await userEvent.clear(screen.getByTestId(`verify-${field}`));
      await userEvent.type(screen.getByTestId(`verify-${field}`), value);
    }
    await userEvent.click(start);
    return screen.findByTestId('verify-result', {}, { timeout: 15_000 });
  }

  it('verifies every entry to the newest in the browser, and says how many no checkpoint covers yet', async () => {
    serveLedger(referenceLedger(130, { checkpointAt: 128 }));
    const result = await verify();
    expect(screen.getByTestId('verify-to')).toHaveValue('130');
    expect(result).toHaveTextContent('The ledger checks out');
    expect(result).toHaveTextContent(
      'All 130 entries verified: every hash link, hash and signature is valid.',
    );
    expect(result).toHaveTextContent(
      'The Merkle root of checkpoint 128 was rebuilt from every entry it covers and matches its signed root.',
    );
    expect(screen.getByTestId('verify-beyond')).toHaveTextContent(
      'The newest 2 are not yet under a signed checkpoint (one is made every 64 entries and at least hourly).',
    );
  });

  it('says when every entry is under the checkpoint, and when none is', async () => {
    serveLedger(referenceLedger(128, { checkpointAt: 128 }));
    expect(await verify()).toHaveTextContent('All 128 entries verified');
    expect(screen.getByTestId('verify-beyond')).toHaveTextContent(
      'Every one of them is under that signed checkpoint.',
    );
    cleanup();

    serveLedger(referenceLedger(5, { checkpointAt: null }));
    const result = await verify();
    expect(result).toHaveTextContent('All 5 entries verified');
    expect(screen.getByTestId('verify-beyond')).toHaveTextContent(
      'No checkpoint is signed yet, so none of these 5 entries is under one',
    );
  });

  it('checks a range typed by the reader against the checkpoint, and counts the entries past it', async () => {
    serveLedger(referenceLedger(100, { checkpointAt: 90 }));
    const result = await verify({ from: '40' });
    expect(result).toHaveTextContent(
      'Entries 40 to 100 (61) verified: every hash link, hash and signature is valid.',
    );
    expect(result).toHaveTextContent(
      'Entry 90 is proven to be in checkpoint 90, whose signed root matches.',
    );
    expect(screen.getByTestId('verify-beyond')).toHaveTextContent('The newest 10 are not yet');
    cleanup();

    // A range that ends before the newest entry: its last entries are not the newest.
    await verify({ from: '40', to: '95' });
    expect(screen.getByTestId('verify-checked')).toHaveTextContent(
      'Entries 40 to 95 (56) verified',
    );
    expect(screen.getByTestId('verify-beyond')).toHaveTextContent(
      'Entries 91 to 95 (5) come after the latest checkpoint, so no signed root covers them yet',
    );
  });

  it('fails at exactly the entry whose stored bytes changed', async () => {
    const ledger = referenceLedger(90);
    const entry = ledger.entries[36]!;
    entry.payload = { ...entry.payload, title: `${String(entry.payload.title)} ` };
    serveLedger(ledger);
    const result = await verify();
    expect(result).toHaveTextContent('The ledger does not check out');
    expect(screen.getByTestId('verify-failed-seq')).toHaveAttribute('data-seq', '37');
    expect(result).toHaveTextContent('It fails at entry 37: its contents do not match its hash');
  });

  it('fails at an entry changed after the checkpoint, and at the newest when it is missing', async () => {
    const ledger = referenceLedger(100, { checkpointAt: 64 });
    ledger.entries[89]!.payload.title = 'Entry 90 — Howrah Bridgf';
    serveLedger(ledger);
    expect(await verify()).toHaveTextContent(
      'It fails at entry 90: its contents do not match its hash',
    );
    expect(screen.getByTestId('verify-failed-seq')).toHaveAttribute('data-seq', '90');
    cleanup();

    // The summary says there are 100 entries; the listing ends at 99.
    const cut = referenceLedger(100, { checkpointAt: 64 });
    cut.entries.pop();
    serveLedger(cut);
    expect(await verify()).toHaveTextContent('It fails at entry 100: the entry is missing');
  });

  it('writes the result in Bengali with Bengali digits', async () => {
    await act(() => applyLanguage('bn'));
    try {
      serveLedger(referenceLedger(1_234, { checkpointAt: 1_216 }));
      const result = await verify();
      expect(result).toHaveTextContent('সব ১,২৩৪টি এন্ট্রি যাচাই হয়েছে');
      expect(result).toHaveTextContent('চেকপয়েন্ট ১,২১৬-এর মার্কল রুট');
      expect(screen.getByTestId('verify-beyond')).toHaveTextContent(
        'সবচেয়ে নতুন ১৮টি এন্ট্রি এখনও কোনো স্বাক্ষরিত চেকপয়েন্টের আওতায় আসেনি (প্রতি ৬৪টি এন্ট্রিতে',
      );
    } finally {
      await act(() => applyLanguage('en'));
    }
  });

  it('lets a citizen write feedback with a counter, and tells others who may', async () => {
    serveLedger(referenceLedger(3), [
      {
        id: 'f-1',
        contractId: 'c-1',
        body: 'Please keep the school crossing open.',
        author: 'p-abcdefabcdef',
        createdAt: '2026-11-21T09:00:00.000Z',
        ledgerSeq: 9,
      },
    ]);
    const { unmount } = renderRoute('/blockchain?tab=feedback', {
      auth: signedIn({ role: 'operator' }),
    });
    expect(await screen.findByText('Feedback is given by citizen accounts.')).toBeInTheDocument();
    expect(await screen.findByTestId('feedback-item')).toHaveTextContent('p-abcdefabcdef');
    unmount();

    renderRoute('/blockchain?tab=feedback', { auth: signedIn({ role: 'citizen' }) });
    const input = await screen.findByTestId('feedback-input');
    await userEvent.type(input, 'Night work is too loud.');
    expect(screen.getByTestId('feedback-counter')).toHaveTextContent('23 of 500 characters');
    await userEvent.click(screen.getByTestId('feedback-submit'));
    expect(
      await screen.findByText('You have given your feedback on this contract.'),
    ).toBeInTheDocument();
  });
});
