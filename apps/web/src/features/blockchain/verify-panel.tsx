import { httpLedgerSource, verifyLedger, type VerifyReport } from '@smart-city/ledger';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { SectionCard } from '../../components/section-card';
import { formatNumber } from '../../lib/format/metric-value';

type Progress = { checked: number; total: number };
type RunState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: Progress }
  | { kind: 'done'; report: VerifyReport }
  | { kind: 'failed'; message: string };

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
  const size = report.checkpoint?.treeSize ?? 0;
  return (
    <InlineAlert tone="success" title={t('blockchain.verify.okTitle')} testId="verify-result">
      <p>
        {t('blockchain.verify.okBody', { from: report.from, to: report.to, count: report.checked })}
      </p>
      <p>
        {report.root === 'rebuilt'
          ? t('blockchain.verify.okRebuilt', { size })
          : report.root === 'inclusion'
            ? t('blockchain.verify.okInclusion', { to: report.to, size })
            : t('blockchain.verify.okNoCheckpoint')}
      </p>
    </InlineAlert>
  );
}

/**
 * Checks the ledger in the browser with the same code as the command-line verifier: the public
 * key, the entries of a range and the latest checkpoint come from the server's public API, and
 * every hash, link, signature and the Merkle root are checked here.
 */
export function VerifyPanel({ defaultTo }: { defaultTo: number }) {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState('1');
  // Until the reader types a range, it follows the latest checkpoint as the summary learns it.
  const [typedTo, setTo] = useState<string | null>(null);
  const to = typedTo ?? (defaultTo > 0 ? String(defaultTo) : '');
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const [rangeError, setRangeError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const first = Number(from);
    const last = to === '' ? undefined : Number(to);
    const valid =
      Number.isSafeInteger(first) &&
      first >= 1 &&
      (last === undefined || (Number.isSafeInteger(last) && last >= first));
    if (!valid) {
      setRangeError(t('blockchain.verify.rangeInvalid', { max: defaultTo || 1 }));
      return;
    }
    setRangeError(null);
    setState({
      kind: 'running',
      progress: { checked: 0, total: last === undefined ? 0 : last - first + 1 },
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
            href="/api/ledger/public-key"
            download="ledger-public-key.json"
          >
            {t('blockchain.verify.publicKey')}
          </a>
        </p>
        <p className="font-mono text-xs break-all">
          {t('blockchain.verify.cli', { origin: window.location.origin })}
        </p>
      </div>
    </SectionCard>
  );
}
