import {
  CITY_AREAS,
  CITY_KEYS,
  createMaintenanceWindowSchema,
  MAINTENANCE_REASON_MAX_LENGTH,
  MAINTENANCE_SENSOR_IDS_MAX,
  MAINTENANCE_WINDOW_MAX_DAYS,
  SENSOR_TYPES,
} from '@smart-city/shared';
import type { CityKey, SensorType } from '@smart-city/shared';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { inputClass, labelClass, TextAreaField, TextField } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { userFacingMessage } from '../../lib/api-client';
import { fromCityLocalInput, toCityLocalInput } from '../../lib/format/date-time';
import { useScheduleMaintenance } from './maintenance-windows-query';

const SCOPES = ['city', 'type', 'area', 'sensors'] as const;
type Scope = (typeof SCOPES)[number];
type Field = 'sensors' | 'startsAt' | 'endsAt' | 'reason';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The ids an admin typed or pasted: one per line or separated by commas, each once. */
function sensorIdsFrom(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Schedules a maintenance window: the city (which the list beside it follows), which of its sensors
 * (all, a type, an area or named ones), from when until when on the city's clock, and why. Checked
 * here with the rules the server holds, so a mistake is named before anything is sent.
 */
export function NewMaintenanceWindow({
  city,
  onCityChange,
  timeZone,
  zoneName,
}: {
  city: CityKey;
  onCityChange: (city: CityKey) => void;
  timeZone: string | undefined;
  zoneName: string;
}) {
  const { t } = useTranslation();
  const schedule = useScheduleMaintenance();
  const [scope, setScope] = useState<Scope>('city');
  const [type, setType] = useState<SensorType>(SENSOR_TYPES[0]);
  const [area, setArea] = useState<string>('');
  const [sensorsText, setSensorsText] = useState('');
  const [startsAt, setStartsAt] = useState(() => toCityLocalInput(Date.now(), timeZone));
  const [endsAt, setEndsAt] = useState(() => toCityLocalInput(Date.now() + 2 * HOUR_MS, timeZone));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const cityId = useId();
  const typeId = useId();
  const areaId = useId();
  const areas = CITY_AREAS[city];
  const chosenArea = areas.find((a) => a.key === area)?.key ?? areas[0].key;

  const check = () => {
    const found: Partial<Record<Field, string>> = {};
    const ids = sensorIdsFrom(sensorsText);
    if (scope === 'sensors' && ids.length === 0)
      found.sensors = t('admin.maintenance.sensorsRequired');
    else if (scope === 'sensors' && ids.length > MAINTENANCE_SENSOR_IDS_MAX)
      found.sensors = t('admin.maintenance.tooManySensors');
    const start = fromCityLocalInput(startsAt, timeZone);
    const end = fromCityLocalInput(endsAt, timeZone);
    if (!start) found.startsAt = t('admin.maintenance.startRequired');
    if (!end) found.endsAt = t('admin.maintenance.endRequired');
    else if (start && Date.parse(end) <= Date.parse(start))
      found.endsAt = t('admin.maintenance.endAfterStart');
    else if (Date.parse(end) <= Date.now()) found.endsAt = t('admin.maintenance.endInFuture');
    else if (start && Date.parse(end) - Date.parse(start) > MAINTENANCE_WINDOW_MAX_DAYS * DAY_MS)
      found.endsAt = t('admin.maintenance.tooLong');
    if (!reason.trim()) found.reason = t('admin.maintenance.reasonRequired');
    return { found, ids, start, end };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { found, ids, start, end } = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !start || !end) return;
    const body = createMaintenanceWindowSchema.parse({
      city,
      startsAt: start,
      endsAt: end,
      reason,
      ...(scope === 'type' ? { type } : {}),
      ...(scope === 'area' ? { area: chosenArea } : {}),
      ...(scope === 'sensors' ? { sensorIds: ids } : {}),
    });
    schedule.mutate(body, {
      onSuccess: () => {
        toast.success(t('admin.maintenance.created'));
        setReason('');
        setSensorsText('');
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="new-maintenance-heading"
      data-testid="maintenance-form"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="new-maintenance-heading"
        className="text-base font-semibold text-slate-900 dark:text-white"
      >
        {t('admin.maintenance.newTitle')}
      </h2>
      <div className="max-w-xs">
        <label htmlFor={cityId} className={labelClass}>
          {t('admin.maintenance.cityLabel')}
        </label>
        <select
          id={cityId}
          data-testid="maintenance-city"
          value={city}
          onChange={(event) => {
            const next = CITY_KEYS.find((key) => key === event.target.value);
            if (next) onCityChange(next);
          }}
          className={`${inputClass} border-slate-300 dark:border-slate-600`}
        >
          {CITY_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(`cityNames.${key}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="space-y-2">
        <legend className={labelClass}>{t('admin.maintenance.scopeLabel')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {SCOPES.map((value) => (
            <label
              key={value}
              className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
            >
              <input
                type="radio"
                name="maintenance-scope"
                value={value}
                data-testid={`maintenance-scope-${value}`}
                checked={scope === value}
                onChange={() => setScope(value)}
                className="size-4 accent-sky-700"
              />
              {t(`admin.maintenance.scope.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {scope === 'type' ? (
        <div className="max-w-xs">
          <label htmlFor={typeId} className={labelClass}>
            {t('admin.maintenance.typeLabel')}
          </label>
          <select
            id={typeId}
            data-testid="maintenance-type"
            value={type}
            onChange={(event) =>
              setType(SENSOR_TYPES.find((key) => key === event.target.value) ?? SENSOR_TYPES[0])
            }
            className={`${inputClass} border-slate-300 dark:border-slate-600`}
          >
            {SENSOR_TYPES.map((key) => (
              <option key={key} value={key}>
                {t(`sensorTypes.${key}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {scope === 'area' ? (
        <div className="max-w-xs">
          <label htmlFor={areaId} className={labelClass}>
            {t('admin.maintenance.areaLabel')}
          </label>
          <select
            id={areaId}
            data-testid="maintenance-area"
            value={chosenArea}
            aria-describedby={`${areaId}-hint`}
            onChange={(event) => setArea(event.target.value)}
            className={`${inputClass} border-slate-300 dark:border-slate-600`}
          >
            {areas.map((a) => (
              <option key={a.key} value={a.key} translate="no">
                {a.name}
              </option>
            ))}
          </select>
          <p id={`${areaId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t('admin.maintenance.areaHint')}
          </p>
        </div>
      ) : null}
      {scope === 'sensors' ? (
        <TextAreaField
          data-testid="maintenance-sensors"
          label={t('admin.maintenance.sensorsLabel')}
          hint={t('admin.maintenance.sensorsHint')}
          rows={3}
          spellCheck={false}
          translate="no"
          value={sensorsText}
          error={errors.sensors}
          onChange={(event) => setSensorsText(event.target.value)}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="datetime-local"
          data-testid="maintenance-starts"
          label={t('admin.maintenance.startsLabel')}
          hint={t('admin.maintenance.zoneHint', { zone: zoneName })}
          value={startsAt}
          error={errors.startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
        />
        <TextField
          type="datetime-local"
          data-testid="maintenance-ends"
          label={t('admin.maintenance.endsLabel')}
          hint={t('admin.maintenance.zoneHint', { zone: zoneName })}
          value={endsAt}
          error={errors.endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
        />
      </div>
      <TextAreaField
        data-testid="maintenance-reason"
        label={t('admin.maintenance.reasonLabel')}
        hint={t('admin.maintenance.reasonHint')}
        rows={2}
        maxLength={MAINTENANCE_REASON_MAX_LENGTH}
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {schedule.isError ? (
        <InlineAlert
          tone="error"
          title={t('admin.maintenance.createFailed')}
          testId="maintenance-create-error"
        >
          {userFacingMessage(schedule.error)}
        </InlineAlert>
      ) : null}
      <button
        type="submit"
        data-testid="maintenance-submit"
        disabled={schedule.isPending}
        className={primaryButton}
      >
        <Icon name="wrench" size={18} />
        {schedule.isPending ? t('admin.maintenance.scheduling') : t('admin.maintenance.schedule')}
      </button>
    </form>
  );
}
