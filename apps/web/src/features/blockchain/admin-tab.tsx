import {
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  type Contract,
  type ContractStatus,
  type ContractType,
} from '@smart-city/shared';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { inputClass, labelClass, TextAreaField, TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { ApiRequestError, userFacingMessage } from '../../lib/api-client';
import { useContracts, useCreateContract, useUpdateContract } from './contracts-query';

type Draft = { name: string; type: ContractType; description: string; status: ContractStatus };
type FieldErrors = Partial<Record<keyof Draft | 'form', string>>;

const EMPTY: Draft = { name: '', type: 'public_works', description: '', status: 'draft' };
const SETTLED: readonly ContractStatus[] = ['completed', 'cancelled'];

/** The server's named failures, each beside its field; the rest above the form. */
function errorsOf(error: unknown, fallback: string): FieldErrors {
  if (!(error instanceof ApiRequestError)) return { form: fallback };
  const errors: FieldErrors = {};
  for (const issue of error.fieldIssues) {
    const field = issue.path as keyof Draft;
    if (['name', 'type', 'description', 'status'].includes(field)) errors[field] ??= issue.message;
    else errors.form ??= issue.message;
  }
  if (Object.keys(errors).length === 0) errors.form = userFacingMessage(error) ?? fallback;
  return errors;
}

function SelectField({
  id,
  label,
  value,
  error,
  onChange,
  testId,
  children,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        className={inputClass}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ContractForm({
  idPrefix,
  initial,
  submitLabel,
  busy,
  onSubmit,
}: {
  idPrefix: string;
  initial: Draft;
  submitLabel: string;
  busy: boolean;
  onSubmit: (draft: Draft) => Promise<FieldErrors | null>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = draft.name.trim().length;
    const description = draft.description.trim().length;
    const own: FieldErrors = {
      ...(name < 3 || name > 120 ? { name: t('blockchain.admin.nameLength') } : {}),
      ...(description < 10 || description > 2_000
        ? { description: t('blockchain.admin.descriptionLength') }
        : {}),
    };
    if (Object.keys(own).length > 0) return setErrors(own);
    const failed = await onSubmit(draft);
    setErrors(failed ?? {});
    if (!failed && initial === EMPTY) setDraft(EMPTY);
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      data-testid={`${idPrefix}-form`}
    >
      {errors.form ? <InlineAlert tone="error">{errors.form}</InlineAlert> : null}
      <TextField
        label={t('blockchain.admin.name')}
        value={draft.name}
        error={errors.name}
        maxLength={120}
        onChange={(event) => set('name', event.target.value)}
        data-testid={`${idPrefix}-name`}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={`${idPrefix}-type`}
          testId={`${idPrefix}-type`}
          label={t('blockchain.admin.type')}
          value={draft.type}
          error={errors.type}
          onChange={(value) => set('type', value as ContractType)}
        >
          {CONTRACT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`blockchain.contractTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${idPrefix}-status`}
          testId={`${idPrefix}-status`}
          label={t('blockchain.admin.status')}
          value={draft.status}
          error={errors.status}
          onChange={(value) => set('status', value as ContractStatus)}
        >
          {CONTRACT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`blockchain.contractStatus.${status}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label={t('blockchain.admin.description')}
        value={draft.description}
        error={errors.description}
        rows={4}
        maxLength={2_000}
        onChange={(event) => set('description', event.target.value)}
        data-testid={`${idPrefix}-description`}
      />
      <button
        type="submit"
        className={primaryButton}
        disabled={busy}
        data-testid={`${idPrefix}-submit`}
      >
        {submitLabel}
      </button>
    </form>
  );
}

function EditContract({ contracts }: { contracts: Contract[] }) {
  const { t } = useTranslation();
  const update = useUpdateContract();
  const open = contracts.filter((c) => !SETTLED.includes(c.status));
  const [chosenId, setChosenId] = useState<string | null>(null);
  if (open.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('blockchain.admin.noneToChange')}
      </p>
    );
  const chosen = open.find((c) => c.id === chosenId) ?? open[0]!;
  const initial: Draft = {
    name: chosen.name,
    type: chosen.type,
    description: chosen.description,
    status: chosen.status,
  };
  return (
    <div className="space-y-4">
      <SelectField
        id="contract-edit-choice"
        testId="contract-edit-choice"
        label={t('blockchain.admin.choose')}
        value={chosen.id}
        onChange={setChosenId}
      >
        {open.map((contract) => (
          <option key={contract.id} value={contract.id}>
            {contract.name}
          </option>
        ))}
      </SelectField>
      <ContractForm
        key={`${chosen.id}-${chosen.version}`}
        idPrefix="contract-edit"
        initial={initial}
        submitLabel={t('blockchain.admin.save')}
        busy={update.isPending}
        onSubmit={async (draft) => {
          try {
            const saved = await update.mutateAsync({ id: chosen.id, change: draft });
            toast.success(
              saved.version > chosen.version
                ? t('blockchain.admin.saved')
                : t('blockchain.admin.unchanged'),
            );
            return null;
          } catch (err) {
            return errorsOf(err, t('errors.message'));
          }
        }}
      />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('blockchain.admin.settledHelp')}
      </p>
    </div>
  );
}

/** Admins publish civic contracts and change them; every change becomes a recorded version. */
export function AdminTab() {
  const { t } = useTranslation();
  const contracts = useContracts();
  const create = useCreateContract();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard title={t('blockchain.admin.createTitle')}>
        <ContractForm
          idPrefix="contract-create"
          initial={EMPTY}
          submitLabel={t('blockchain.admin.create')}
          busy={create.isPending}
          onSubmit={async (draft) => {
            try {
              await create.mutateAsync(draft);
              toast.success(t('blockchain.admin.created'));
              return null;
            } catch (err) {
              return errorsOf(err, t('errors.message'));
            }
          }}
        />
      </SectionCard>
      <SectionCard title={t('blockchain.admin.editTitle')}>
        <QueryContent query={contracts} errorMessage={t('blockchain.contracts.loadFailed')}>
          {(list) => <EditContract contracts={list} />}
        </QueryContent>
      </SectionCard>
    </div>
  );
}
