import { canGiveContractFeedback, MAX_FEEDBACK_LENGTH, type Contract } from '@smart-city/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { inputClass, labelClass, TextAreaField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { TimeAgo } from '../../components/time-ago';
import { ApiRequestError, userFacingMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useAddFeedback, useContractFeedback, useContracts } from './contracts-query';

const OPEN_STATUSES: readonly string[] = ['draft', 'active'];

function FeedbackForm({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const { allows } = useAuth();
  const addFeedback = useAddFeedback(contract.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [given, setGiven] = useState(false);

  if (!allows(canGiveContractFeedback)) {
    return <InlineAlert tone="info">{t('blockchain.feedback.citizensOnly')}</InlineAlert>;
  }
  if (!OPEN_STATUSES.includes(contract.status)) {
    return (
      <InlineAlert tone="info">
        {t('blockchain.feedback.closed', {
          status: t(`blockchain.contractStatus.${contract.status}`),
        })}
      </InlineAlert>
    );
  }
  if (given)
    return <InlineAlert tone="success">{t('blockchain.feedback.alreadyGiven')}</InlineAlert>;

  const length = body.trim().length;
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (length === 0) return setError(t('blockchain.feedback.empty_field'));
    if (length > MAX_FEEDBACK_LENGTH)
      return setError(t('blockchain.feedback.tooLong', { max: MAX_FEEDBACK_LENGTH }));
    setError(null);
    try {
      await addFeedback.mutateAsync(body.trim());
      toast.success(t('blockchain.feedback.sent'));
      setBody('');
      setGiven(true);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) setGiven(true);
      else setError(userFacingMessage(err) ?? t('errors.message'));
    }
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-3"
      data-testid="feedback-form"
    >
      <TextAreaField
        label={t('blockchain.feedback.yourFeedback')}
        hint={t('blockchain.feedback.hint', { max: MAX_FEEDBACK_LENGTH })}
        error={error ?? undefined}
        rows={4}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        data-testid="feedback-input"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          className={`text-xs tabular-nums ${length > MAX_FEEDBACK_LENGTH ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
          aria-live="polite"
          data-testid="feedback-counter"
        >
          {t('blockchain.feedback.counter', { count: length, max: MAX_FEEDBACK_LENGTH })}
        </p>
        <button
          type="submit"
          className={primaryButton}
          disabled={addFeedback.isPending}
          data-testid="feedback-submit"
        >
          {t('blockchain.feedback.submit')}
        </button>
      </div>
    </form>
  );
}

function FeedbackList({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  const feedback = useContractFeedback(contractId);
  return (
    <QueryContent query={feedback} errorMessage={t('blockchain.feedback.loadFailed')}>
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('blockchain.feedback.empty')}
          </p>
        ) : (
          <ul className="space-y-3">
            {list.map((item) => (
              <li
                key={item.id}
                data-testid="feedback-item"
                className="rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/60"
              >
                <p className="text-sm break-words whitespace-pre-line text-slate-800 dark:text-slate-100">
                  {item.body}
                </p>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  <span translate="no" className="font-mono">
                    {item.author}
                  </span>{' '}
                  · <TimeAgo iso={item.createdAt} />
                  {item.ledgerSeq === null
                    ? null
                    : ` · ${t('blockchain.contracts.recordedAs', { seq: item.ledgerSeq })}`}
                </p>
              </li>
            ))}
          </ul>
        )
      }
    </QueryContent>
  );
}

/** Citizens' feedback on a chosen contract: what others said, and a form for one's own. */
export function FeedbackTab() {
  const { t } = useTranslation();
  const contracts = useContracts();
  const [chosenId, setChosenId] = useState<string | null>(null);
  return (
    <QueryContent query={contracts} errorMessage={t('blockchain.contracts.loadFailed')}>
      {(list) => {
        if (list.length === 0)
          return (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('blockchain.feedback.noContracts')}
            </p>
          );
        const chosen = list.find((c) => c.id === chosenId) ?? list[0]!;
        return (
          <div className="space-y-6">
            <div className="max-w-md">
              <label htmlFor="feedback-contract" className={labelClass}>
                {t('blockchain.feedback.choose')}
              </label>
              <select
                id="feedback-contract"
                data-testid="feedback-contract"
                className={inputClass}
                value={chosen.id}
                onChange={(event) => setChosenId(event.target.value)}
              >
                {list.map((contract) => (
                  <option key={contract.id} value={contract.id}>
                    {contract.name} ({t(`blockchain.contractStatus.${contract.status}`)})
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <SectionCard title={t('blockchain.feedback.yourFeedback')}>
                <FeedbackForm key={chosen.id} contract={chosen} />
              </SectionCard>
              <SectionCard title={t('blockchain.feedback.listTitle')} testId="feedback-list">
                <FeedbackList contractId={chosen.id} />
              </SectionCard>
            </div>
          </div>
        );
      }}
    </QueryContent>
  );
}
