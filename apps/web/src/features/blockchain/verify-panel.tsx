import {
  CHECKPOINT_EVERY,
  httpLedgerSource,
  verifyLedger,
  type VerifyReport,
} from '@smart-city/ledger';
import { LEDGER_ENDPOINTS } from '@smart-city/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { SectionCard } from '../../components/section-card';
import { formatNumber } from '../../lib/format/numbers';

type Progress = { checked: number; total: number };
type RunState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: Progress }
  | { kind: 'done'; report: VerifyReport }
  | { kind: 'failed'; message: string };

/** What the check said of the entries no checkpoint covers yet; null when every one is covered. */
function beyondText(report: Extract<VerifyReport, { ok: true }>, t: TFunction): string | null {
  const { checked, beyondCheckpoint: count, checkpoint, to } = report;
  if (checked === 0) return null;
  if (count === 0) return t('blockchain.verify.okCovered');
  const every = CHECKPOINT_EVERY;
  if (!checkpoint) return t('blockchain.verify.okNoCheckpoint', { count, every });
  if (count === checked)
    return t('blockchain.verify.okAllBeyond', { count, every, size: checkpoint.treeSize });
  // A range that ends before the newest entry: its last entries are not the newest.
  if (to < report.latestSeq)
    return t('blockchain.verify.okBeyondRange', { count, every, first: to - count + 1, last: to });
  return t('blockchain.verify.okBeyond', { count, every });
}

function VerifyResult({ report }: { report: VerifyReport }) {
  const { t } = useTranslation();
  if (!report.ok) {
    const reason = t(`blockchain.verify.problems.${report.problem}`);
    return (
      <InlineAlert tone="error" title={t('blockchain.verify.failTitle')} testId="verify-result">
        <p data-testid="verify-failed-seq" data-seq={report.failedSeq ?? ''}>
          {report.failedSeq === null
            ? t('blockchain.verify.failCheckpoint', { reason })
            : t('blockchain.verify.failAt', { seq: report.failedSeq, reason })}
        </p>
      </InlineAlert>
    );
  }
  const { from, to, checked, checkpoint } = report;
  const size = checkpoint?.treeSize ?? 0;
  const beyond = beyondText(report, t);
  return (
    <InlineAlert tone="success" title={t('blockchain.verify.okTitle')} testId="verify-result">
      <div className="space-y-1.5">
        <p data-testid="verify-checked" data-count={checked}>
          {checked === 0
            ? t('blockchain.verify.okEmpty')
            : from === 1 && to >= report.latestSeq
              ? t('blockchain.verify.okAll', { count: checked })
              : t('blockchain.verify.okBody', { from, to, count: checked })}
        </p>
        {report.root === 'rebuilt' ? <p>{t('blockchain.verify.okRebuilt', { size })}</p> : null}
        {report.root === 'inclusion' ? (
          <p>{t('blockchain.verify.okInclusion', { seq: Math.min(to, size), size })}</p>
        ) : null}
        {beyond ? (
          <p data-testid="verify-beyond" data-count={report.beyondCheckpoint}>
            {beyond}
          </p>
        ) : null}
      </div>
    </InlineAlert>
  );
}

/**
 * Checks the ledger in the browser with the same code as the command-line verifier: the public
 * key, the entries (every one up to the newest, or a range) and the latest checkpoint come from the
 * server's public API, and every hash, link, signature and the Merkle root are checked here.
 */
export function VerifyPanel({ latestSeq }: { latestSeq: number }) {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState('1');
  // Until the reader types an end, it shows the newest entry as the summary learns it, and the
  // check runs to whatever entry is newest when it starts.
  const [typedTo, setTo] = useState<string | null>(null);
  const to = typedTo ?? (latestSeq > 0 ? String(latestSeq) : '');
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const [rangeError, setRangeError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const first = Number(from);
    const last = typedTo === null || typedTo.trim() === '' ? undefined : Number(typedTo);
    const valid =
      Number.isSafeInteger(first) &&
      first >= 1 &&
      (last === undefined || (Number.isSafeInteger(last) && last >= first));
    if (!valid) {
      setRangeError(t('blockchain.verify.rangeInvalid', { max: latestSeq || 1 }));
      return;
    }
    setRangeError(null);
    const end = last ?? latestSeq;
    setState({
      kind: 'running',
      progress: { checked: 0, total: Math.max(0, end - first + 1) },
    });
    try {
      const report = await verifyLedger(httpLedgerSource(''), {
        from: first,
        to: last,
        onProgress: (progress) => setState({ kind: 'running', progress }),
      });
      setState({ kind: 'done', report });
    } catch (err) {
      setState({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }

  const running = state.kind === 'running';
  return (
    <SectionCard
      title={t('blockchain.verify.title')}
      description={t('blockchain.verify.help')}
      testId="verify-panel"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <div className="grid max-w-md grid-cols-2 gap-3">
          <TextField
            label={t('blockchain.verify.from')}
            inputMode="numeric"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            data-testid="verify-from"
          />
          <TextField
            label={t('blockchain.verify.to')}
            inputMode="numeric"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            data-testid="verify-to"
          />
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('blockchain.verify.rangeHelp')}
        </p>
        {rangeError ? <InlineAlert tone="error">{rangeError}</InlineAlert> : null}
        <button
          type="submit"
          className={primaryButton}
          disabled={running}
          data-testid="verify-start"
        >
          {t('blockchain.verify.start')}
        </button>
      </form>
      <div className="mt-4 space-y-3" aria-live="polite">
        {state.kind === 'running' ? (
          <div data-testid="verify-progress">
            <p className="mb-1 text-sm text-slate-700 dark:text-slate-300">
              {state.progress.total > 0
                ? t('blockchain.verify.running', {
                    checked: formatNumber(state.progress.checked, i18n.language),
                    total: formatNumber(state.progress.total, i18n.language),
                  })
                : t('blockchain.verify.runningOpen', {
                    checked: formatNumber(state.progress.checked, i18n.language),
                  })}
            </p>
            <progress
              className="h-2 w-full accent-sky-700"
              max={state.progress.total || undefined}
              value={state.progress.total ? state.progress.checked : undefined}
              aria-label={t('blockchain.verify.start')}
            />
          </div>
        ) : null}
        {state.kind === 'done' ? <VerifyResult report={state.report} /> : null}
        {state.kind === 'failed' ? (
          <InlineAlert tone="error" testId="verify-result">
            {t('blockchain.verify.error', { message: state.message })}
          </InlineAlert>
        ) : null}
      </div>
      <div className="mt-6 space-y-1 border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <p>
          <a
            className="text-sky-800 underline dark:text-sky-300"
            href={LEDGER_ENDPOINTS.publicKey.path}
            download="ledger-public-key.json"
          >
            {t('blockchain.verify.publicKey')}
          </a>
        </p>
        <p className="text-xs">
          {/* The words in the page's script; the command, which is the same in every language, in code. */}
          {t('blockchain.verify.cli')}{' '}
          <code translate="no" className="font-mono break-all">
            npm run ledger:verify -- --url {window.location.origin}
          </code>
        </p>
      </div>
    </SectionCard>
  );
}
