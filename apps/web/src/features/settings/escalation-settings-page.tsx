import { SEVERITY_RANK } from '@smart-city/shared';
import type { CityKey, EscalationPolicy } from '@smart-city/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { SeverityBadge } from '../../components/alert-badges';
import { inputClass, labelClass } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { userFacingMessage } from '../../lib/api-client';
import { useCity } from '../../lib/city/city-context';
import { isCityKey } from '../../lib/city/city-storage';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { draftIssues, draftOf, newPolicyDraft, validPolicyInput } from './escalation-draft';
import type { PolicyDraft } from './escalation-draft';
import { useCityPolicies, useDeletePolicy, useSavePolicy } from './escalation-query';
import { stepSummary } from './escalation-texts';
import { PolicyEditor } from './policy-editor';
import { PolicyPreview } from './policy-preview';
import { SettingsTabs } from './settings-tabs';

/** Policies worst severity first, the city-wide default before the sensor types. */
function byScope(a: EscalationPolicy, b: EscalationPolicy): number {
  return (
    SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
    (a.sensorType ?? '').localeCompare(b.sensorType ?? '')
  );
}

/** One saved policy: its scope, its steps in words, and Edit and Delete. */
function PolicyCard({
  policy,
  editing,
  onEdit,
}: {
  policy: EscalationPolicy;
  editing: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const remove = useDeletePolicy();
  const types = policy.sensorType
    ? t(`translation:sensorTypes.${policy.sensorType}`)
    : t('escalation.allTypes');
  return (
    <li
      data-testid="policy-card"
      data-severity={policy.severity}
      data-sensor-type={policy.sensorType ?? 'default'}
      className={`rounded-xl border bg-white p-4 shadow-sm dark:bg-slate-900 ${
        editing
          ? 'border-sky-500 ring-1 ring-sky-500 dark:border-sky-400'
          : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={policy.severity} />
        <span className="text-sm font-medium text-slate-800 dark:text-slate-100">{types}</span>
      </div>
      <ol className="mt-2 list-decimal space-y-0.5 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {policy.steps.map((step, index) => (
          <li key={index}>{stepSummary(t, step)}</li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="policy-edit"
          className={secondaryButton}
          onClick={onEdit}
          aria-label={`${t('escalation.edit')}: ${t('escalation.scope', {
            severity: t(`signedIn:severity.${policy.severity}`),
            types,
          })}`}
        >
          <Icon name="pencil" size={16} />
          {t('escalation.edit')}
        </button>
        <button
          type="button"
          data-testid="policy-delete"
          className={secondaryButton}
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(t('escalation.deleteConfirm'))) return;
            remove.mutate(policy.id, {
              onSuccess: () => toast.success(t('escalation.deleted')),
              onError: (error) =>
                toast.error(userFacingMessage(error) ?? t('escalation.deleteFailed')),
            });
          }}
        >
          <Icon name="trash" size={16} />
          {t('escalation.delete')}
        </button>
      </div>
    </li>
  );
}

/** The city the policies shown belong to; the header's city to begin with. */
function CityChoice({ value, onChange }: { value: CityKey; onChange: (city: CityKey) => void }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const { cities } = useCity();
  const id = useId();
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className={labelClass}>
        {t('escalation.city')}
      </label>
      <select
        id={id}
        data-testid="escalation-city"
        value={value}
        onChange={(event) => {
          if (isCityKey(event.target.value)) onChange(event.target.value);
        }}
        className={`${inputClass} border-slate-300 dark:border-slate-600`}
      >
        {cities.map((city) => (
          <option key={city.key} value={city.key}>
            {city.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Settings → Escalation (admins): a city's escalation policies, one per severity and sensor type
 * (or the city-wide default), an editor for a new or a chosen one, and beside it a preview of what
 * the draft would do to the city's alerts of today.
 */
export function EscalationSettingsPage() {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const { cityKey, cities } = useCity();
  const [city, setCity] = useState<CityKey>(cityKey);
  const [editing, setEditing] = useState<{ id: string | null; draft: PolicyDraft }>(() => ({
    id: null,
    draft: newPolicyDraft(cityKey),
  }));
  const policies = useCityPolicies(city);
  const save = useSavePolicy();
  const cityDetails = cities.find((candidate) => candidate.key === city) ?? null;
  const issues = useMemo(() => draftIssues(editing.draft), [editing.draft]);
  const input = useMemo(() => validPolicyInput(editing.draft), [editing.draft]);
  const sorted = [...(policies.data ?? [])].sort(byScope);
  const editorId = useId();

  // A policy chosen to edit: its form comes into view (below the list on a narrow screen).
  const chosen = useRef<string | null>(null);
  useEffect(() => {
    if (editing.id === null || chosen.current === editing.id) return;
    chosen.current = editing.id;
    const form = document.getElementById(editorId);
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (typeof form?.scrollIntoView === 'function')
      form.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [editing.id, editorId]);

  function startNew(forCity: CityKey) {
    save.reset();
    setEditing({ id: null, draft: newPolicyDraft(forCity) });
  }

  function chooseCity(next: CityKey) {
    setCity(next);
    startNew(next);
  }

  function onSave() {
    if (!input) return;
    save.mutate(
      { id: editing.id, policy: input },
      {
        onSuccess: (saved) => {
          toast.success(t('escalation.saved'));
          setEditing({ id: saved.id, draft: draftOf(saved) });
        },
      },
    );
  }

  const saveError = save.isError
    ? (userFacingMessage(save.error) ?? t('escalation.saveFailed'))
    : null;
  const cityName = cityDetails?.name ?? city;

  return (
    <>
      <PageHeader title={t('signedIn:screens.settings.title')} />
      <SettingsTabs />
      <p className="mb-6 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        {t('escalation.intro')}
      </p>
      <div className="mb-6">
        <CityChoice value={city} onChange={chooseCity} />
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="policies-title" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2
              id="policies-title"
              className="text-base font-semibold text-slate-900 dark:text-white"
            >
              {t('escalation.policies', { city: cityName })}
            </h2>
            <button
              type="button"
              data-testid="policy-new"
              className={secondaryButton}
              onClick={() => startNew(city)}
            >
              <Icon name="plus" size={16} />
              {t('escalation.newPolicy')}
            </button>
          </div>
          {policies.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : policies.isError ? (
            <QueryError
              message={t('escalation.loadFailed')}
              onRetry={() => void policies.refetch()}
              retrying={policies.isFetching}
              testId="policies-failed"
            />
          ) : sorted.length === 0 ? (
            <div data-testid="policies-empty">
              <EmptyState
                icon={<Icon name="alerts" size={24} />}
                title={t('escalation.none', { city: cityName })}
                description={t('escalation.noneHelp')}
              />
            </div>
          ) : (
            <ul className="space-y-3" data-testid="policy-list">
              {sorted.map((policy) => (
                <PolicyCard
                  key={policy.id}
                  policy={policy}
                  editing={editing.id === policy.id}
                  onEdit={() => {
                    save.reset();
                    setEditing({ id: policy.id, draft: draftOf(policy) });
                  }}
                />
              ))}
            </ul>
          )}
        </section>
        <div className="min-w-0 space-y-6">
          <PolicyEditor
            id={editorId}
            key={`${editing.id ?? 'new'}-${city}`}
            draft={editing.draft}
            editing={editing.id !== null}
            issues={issues}
            onChange={(draft) => setEditing((current) => ({ ...current, draft }))}
            onSave={onSave}
            onCancel={editing.id !== null ? () => startNew(city) : null}
            saving={save.isPending}
            error={saveError}
          />
          <PolicyPreview draft={input} city={cityDetails} />
        </div>
      </div>
    </>
  );
}
