import {
  CITY_KEYS,
  DEVICE_KEY_KINDS,
  DEVICE_KEY_NAME_MAX_LENGTH,
  OPEN_DATA_ENDPOINTS,
  OPEN_DATA_KEY_DEFAULT_LIMIT,
  OPEN_DATA_KEY_HEADER,
  OPEN_DATA_KEY_MAX_LIMIT,
} from '@smart-city/shared';
import type { CityKey, CreatedDeviceKey, DeviceKeyKind } from '@smart-city/shared';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { otherActionButton, primaryButton } from '../../components/button-styles';
import { inputClass, labelClass, TextField } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { userFacingMessage } from '../../lib/api-client';
import { useCreateDeviceKey } from './create-device-key-mutation';

const RATE_LIMIT_MIN = 1;

/** The requests a minute typed for an open-data key, or null when they are no whole number in range. */
function rateLimitOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const limit = Number(trimmed);
  return limit >= RATE_LIMIT_MIN && limit <= OPEN_DATA_KEY_MAX_LIMIT ? limit : null;
}

/**
 * Makes a device key: a name to recognise the device by, what it is for and, if it should feed one
 * city only, that city; an open-data key also gets its requests a minute. The secret the server
 * answers with is shown here once, to be copied into the device.
 */
export function NewDeviceKey() {
  const { t } = useTranslation();
  const create = useCreateDeviceKey();
  const [name, setName] = useState('');
  const [city, setCity] = useState<CityKey | ''>('');
  const [kind, setKind] = useState<DeviceKeyKind>('sensors');
  const [rateLimit, setRateLimit] = useState(String(OPEN_DATA_KEY_DEFAULT_LIMIT));
  const [nameError, setNameError] = useState<string | undefined>();
  const [rateLimitError, setRateLimitError] = useState<string | undefined>();
  const cityId = useId();
  const kindId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const limit = kind === 'open-data' ? rateLimitOf(rateLimit) : null;
    const nameProblem = trimmed ? undefined : t('admin.deviceKeys.nameRequired');
    const limitProblem =
      kind === 'open-data' && limit === null
        ? t('admin.deviceKeys.rateLimitInvalid', {
            min: RATE_LIMIT_MIN,
            max: OPEN_DATA_KEY_MAX_LIMIT,
          })
        : undefined;
    setNameError(nameProblem);
    setRateLimitError(limitProblem);
    if (nameProblem || limitProblem) return;
    create.mutate(
      {
        name: trimmed,
        kind,
        // An open-data key reads every city: it names none.
        ...(city && kind !== 'open-data' ? { city } : {}),
        ...(limit !== null ? { rateLimit: limit } : {}),
      },
      {
        onSuccess: () => {
          setName('');
          setCity('');
          setKind('sensors');
          setRateLimit(String(OPEN_DATA_KEY_DEFAULT_LIMIT));
        },
      },
    );
  };

  if (create.data) {
    return <NewKeySecret created={create.data} onDone={() => create.reset()} />;
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="new-device-key-heading"
      data-testid="device-key-form"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="new-device-key-heading"
        className="text-base font-semibold text-slate-900 dark:text-white"
      >
        {t('admin.deviceKeys.newTitle')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem_14rem]">
        <TextField
          data-testid="device-key-name"
          label={t('admin.deviceKeys.nameLabel')}
          hint={t('admin.deviceKeys.nameHint')}
          maxLength={DEVICE_KEY_NAME_MAX_LENGTH}
          autoComplete="off"
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        {kind === 'open-data' ? (
          <div aria-hidden="true" />
        ) : (
          <div>
            <label htmlFor={cityId} className={labelClass}>
              {t('admin.deviceKeys.cityLabel')}
            </label>
            <select
              id={cityId}
              data-testid="device-key-city"
              value={city}
              onChange={(event) =>
                setCity(CITY_KEYS.find((key) => key === event.target.value) ?? '')
              }
              className={`${inputClass} border-slate-300 dark:border-slate-600`}
            >
              <option value="">{t('admin.deviceKeys.anyCity')}</option>
              {CITY_KEYS.map((key) => (
                <option key={key} value={key}>
                  {t(`cityNames.${key}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={kindId} className={labelClass}>
            {t('admin.deviceKeys.kindLabel')}
          </label>
          <select
            id={kindId}
            data-testid="device-key-kind"
            value={kind}
            onChange={(event) =>
              setKind(DEVICE_KEY_KINDS.find((k) => k === event.target.value) ?? 'sensors')
            }
            className={`${inputClass} border-slate-300 dark:border-slate-600`}
          >
            {DEVICE_KEY_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`admin.deviceKeys.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {kind === 'open-data' ? (
        <TextField
          className="sm:max-w-xs"
          data-testid="device-key-rate-limit"
          label={t('admin.deviceKeys.rateLimitLabel')}
          hint={t('admin.deviceKeys.rateLimitHint', {
            min: RATE_LIMIT_MIN,
            max: OPEN_DATA_KEY_MAX_LIMIT,
          })}
          type="number"
          inputMode="numeric"
          min={RATE_LIMIT_MIN}
          max={OPEN_DATA_KEY_MAX_LIMIT}
          step={1}
          value={rateLimit}
          error={rateLimitError}
          onChange={(event) => setRateLimit(event.target.value)}
        />
      ) : null}
      {create.isError ? (
        <InlineAlert
          tone="error"
          title={t('admin.deviceKeys.createFailed')}
          testId="device-key-error"
        >
          {userFacingMessage(create.error)}
        </InlineAlert>
      ) : null}
      <button
        type="submit"
        data-testid="device-key-create"
        disabled={create.isPending}
        className={primaryButton}
      >
        <Icon name="plus" size={18} />
        {create.isPending ? t('admin.deviceKeys.creating') : t('admin.deviceKeys.create')}
      </button>
    </form>
  );
}

/** The new key's secret, this once, with a button that copies it. */
function NewKeySecret({ created, onDone }: { created: CreatedDeviceKey; onDone: () => void }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success(t('admin.deviceKeys.copied'));
    } catch {
      // No clipboard (an insecure origin, a refusal): the key is selected for the reader to copy.
      inputRef.current?.select();
      toast(t('admin.deviceKeys.copyYourself'));
    }
  };

  return (
    <section
      aria-labelledby="device-key-secret-heading"
      data-testid="device-key-secret"
      className="space-y-4 rounded-xl border border-emerald-200 bg-white p-4 shadow-sm sm:p-5 dark:border-emerald-900 dark:bg-slate-900"
    >
      <h2
        id="device-key-secret-heading"
        className="text-base font-semibold text-slate-900 dark:text-white"
      >
        {t('admin.deviceKeys.createdTitle')}{' '}
        <span translate="no" className="break-words">
          {created.name}
        </span>
      </h2>
      <InlineAlert tone="warning" title={t('admin.deviceKeys.onceTitle')}>
        {t('admin.deviceKeys.onceBody')}
      </InlineAlert>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          ref={inputRef}
          className="min-w-0 flex-1"
          data-testid="device-key-value"
          label={t('admin.deviceKeys.secretLabel')}
          readOnly
          translate="no"
          spellCheck={false}
          value={created.key}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          data-testid="device-key-copy"
          onClick={() => void copy()}
          className={otherActionButton}
        >
          <Icon name="copy" size={16} />
          {t('admin.deviceKeys.copy')}
        </button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {created.kind === 'open-data' ? (
          <>
            {t('admin.deviceKeys.openDataUsage')}{' '}
            <code translate="no" className="font-mono text-xs break-all">
              curl -H "{OPEN_DATA_KEY_HEADER}: {created.prefix}…" {OPEN_DATA_ENDPOINTS.cities.path}
            </code>
          </>
        ) : created.kind === 'reporter' ? (
          <>
            {t('admin.deviceKeys.reporterUsage')}{' '}
            <code translate="no" className="font-mono text-xs break-all">
              POST /open311/v2/requests.json api_key={created.prefix}…
            </code>
          </>
        ) : (
          <>
            {t('admin.deviceKeys.usage')}{' '}
            <code translate="no" className="font-mono text-xs break-all">
              Authorization: Bearer {created.prefix}…
            </code>
          </>
        )}
      </p>
      <button
        type="button"
        data-testid="device-key-done"
        onClick={onDone}
        className={primaryButton}
      >
        {t('admin.deviceKeys.done')}
      </button>
    </section>
  );
}
